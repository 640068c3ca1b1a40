import type { AuthResponse, Comment, DmMessage, NotificationPage } from '@doers/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dmsKit } from '../../../../test/support/dms.js';
import { grantModeration, hideAs } from '../../../../test/support/grants.js';
import { startTestServer, type TestServer } from '../../../../test/support/test-server.js';

describe('notifications preview the first line of what was said', () => {
  let server: TestServer;
  let kit: ReturnType<typeof dmsKit>;
  let moderator: AuthResponse;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_FACTOR: '20' });
    kit = dmsKit(server);
    moderator = await kit.person();
    await grantModeration(server, moderator.user.username);
  });
  afterAll(() => server.close());

  /** The excerpt of each of the person's lines, by type, newest first. */
  const excerpts = async (auth: AuthResponse) => {
    await server.app.jobs.drain();
    const res = await kit.call<NotificationPage>('GET', '/notifications', auth);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.items.map((n) => [n.type, n.excerpt ?? null]);
  };
  const comment = async (auth: AuthResponse, postId: string, transcript?: string) => {
    server.clock.advance({ seconds: 1 });
    const voiceMediaId = await kit.uploadVoice(auth, 'comment');
    const res = await kit.call<Comment>('POST', `/posts/${postId}/comments`, auth, {
      voiceMediaId,
      ...(transcript ? { transcript } : {}),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };

  it('a voice comment and a voice message show their first line; a note without words, none', async () => {
    const [me, friend] = [await kit.person(), await kit.person()];
    await kit.mutual(me, friend);
    const post = await kit.post(me);
    await comment(friend, post.id, 'Well done on the run\nSee you Sunday');
    const conversation = await kit.conversation(friend, me);
    server.clock.advance({ seconds: 1 });
    const dm = await kit.uploadDm(friend);
    const sent = await kit.call<DmMessage>('POST', `/dms/${conversation}/messages`, friend, {
      voiceMediaId: dm.body.id,
      transcript: 'Coffee after?',
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(await excerpts(me)).toEqual([
      ['dm', 'Coffee after?'],
      ['comment', 'Well done on the run'],
      ['vibe', null],
    ]);

    // The line shows its newest comment's words: one said without any has nothing to show.
    const quiet = await kit.post(me);
    await comment(friend, quiet.id);
    expect((await excerpts(me))[0]).toEqual(['comment', null]);
  });

  it('shows nothing of a hidden comment, nor of anyone behind a block', async () => {
    const [me, friend, other] = [await kit.person(), await kit.person(), await kit.person()];
    const post = await kit.post(me);
    const said = await comment(friend, post.id, 'Spam spam spam');
    expect(await excerpts(me)).toEqual([['comment', 'Spam spam spam']]);
    await hideAs(server, moderator, { type: 'comment', id: said.id });
    expect(await excerpts(me)).toEqual([['comment', null]]);

    const second = await kit.post(me);
    await comment(other, second.id, 'Nice one');
    expect((await excerpts(me))[0]).toEqual(['comment', 'Nice one']);
    expect((await kit.call('PUT', `/users/${other.user.id}/block`, me)).status).toBe(204);
    expect((await excerpts(me))[0]).toEqual(['comment', null]);
  });
});
