import { WAVEFORM_PEAKS, type Post, type PostPage } from '@doers/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchFile, filesIn } from '../../../../test/support/media.js';
import { postsKit } from '../../../../test/support/posts.js';
import { createQuest } from '../../../../test/support/quests.js';
import { startTestServer, type TestServer } from '../../../../test/support/test-server.js';

describe('posts', () => {
  let server: TestServer;
  let kit: ReturnType<typeof postsKit>;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_FACTOR: '20' });
    kit = postsKit(server);
  });
  afterAll(() => server.close());

  it('shares a voice note with a photo about my quest, with my streak on it', async () => {
    const me = await kit.person();
    const quest = await createQuest(server, me);
    const checkIn = await kit.call('POST', `/quests/${quest.id}/check-ins`, me, {});
    expect(checkIn.status).toBe(201);
    const photo = await kit.uploadPhoto(me);
    const post = await kit.post(me, { questId: quest.id, attachmentMediaId: photo });
    expect(post.quest).toEqual({ id: quest.id, title: quest.title, emoji: quest.emoji, streak: 1 });
    expect(post.attachment).toMatchObject({ id: photo, kind: 'photo' });
    expect(post.voice.kind).toBe('voice');
    // The player's bars: the upload's peaks, numbers from 0 to 1 with the loudest at 1.
    expect(post.voice.waveform).toHaveLength(WAVEFORM_PEAKS);
    expect(Math.max(...post.voice.waveform!)).toBe(1);
    expect(post.voice.waveform!.every((p) => typeof p === 'number' && p >= 0)).toBe(true);
    expect(post.counts).toEqual({ smiles: 0, hums: 0, vibes: 0, comments: 0 });
    expect(post.viewer).toEqual({ smiled: false, hummed: false, isAuthor: true, canHum: false });
    expect((await kit.stats(me)).totalPosts).toBe(1);
    const again = await kit.call<Post>('GET', `/posts/${post.id}`, me);
    expect(again.body).toEqual(post);
  });

  it('refuses a quest that is not mine, an upload that is not mine, and a photo as the voice', async () => {
    const [me, other] = [await kit.person(), await kit.person()];
    const theirs = await createQuest(server, other);
    const voiceMediaId = await kit.uploadVoice(me);
    const res = await kit.call('POST', '/posts', me, {
      voiceMediaId,
      questId: theirs.id,
      visibility: 'public',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('You can only post about your own quests');

    const notMine = await kit.call('POST', '/posts', me, {
      voiceMediaId: await kit.uploadVoice(other),
      visibility: 'public',
    });
    expect(notMine.status).toBe(400);
    const photo = await kit.call('POST', '/posts', me, {
      voiceMediaId: await kit.uploadPhoto(me),
      visibility: 'public',
    });
    expect(photo.status).toBe(400);
    expect((await kit.stats(me)).totalPosts).toBe(0);
  });

  it('a replayed create with the same Idempotency-Key answers the same post, once', async () => {
    const me = await kit.person();
    const voiceMediaId = await kit.uploadVoice(me);
    const headers = { 'idempotency-key': 'share-1' };
    const body = { voiceMediaId, visibility: 'public' };
    const first = await kit.call<Post>('POST', '/posts', me, body, headers);
    const second = await kit.call<Post>('POST', '/posts', me, body, headers);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body.id).toBe(first.body.id);
    const rows = await server.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM posts WHERE author_id = $1',
      [me.user.id],
    );
    expect(rows[0]!.n).toBe(1);
    expect((await kit.stats(me)).totalPosts).toBe(1);
  });

  it('vibers-only media open to mutual vibers only', async () => {
    const [author, friend, fan] = [await kit.person(), await kit.person(), await kit.person()];
    await kit.mutual(author, friend);
    await kit.vibe(fan, author);
    const post = await kit.post(author, { visibility: 'vibers' });
    // The URL is signed; without it, the viewer's own right decides.
    const bare = `/api/media/${post.voice.id}`;
    expect((await fetchFile(server, bare, { token: friend.tokens.accessToken })).status).toBe(200);
    expect((await fetchFile(server, bare, { token: fan.tokens.accessToken })).status).toBe(404);
  });

  it('a person’s posts, newest first, only those the viewer may see', async () => {
    const [author, friend, stranger] = [await kit.person(), await kit.person(), await kit.person()];
    await kit.mutual(author, friend);
    const open = await kit.post(author);
    const secret = await kit.post(author, { visibility: 'vibers' });
    const list = async (viewer: typeof author) =>
      (await kit.call<PostPage>('GET', `/users/${author.user.id}/posts`, viewer)).body.items.map(
        (p) => p.id,
      );
    expect(await list(friend)).toEqual([secret.id, open.id]);
    expect(await list(stranger)).toEqual([open.id]);
    expect(await list(author)).toEqual([secret.id, open.id]);
  });

  it('only its author deletes a post; its files, reactions, comments and counts go', async () => {
    const [author, fan] = [await kit.person(), await kit.person()];
    const post = await kit.post(author, { attachmentMediaId: await kit.uploadPhoto(author) });
    expect((await kit.react('PUT', 'smile', fan, post.id)).status).toBe(200);
    expect((await kit.react('PUT', 'hum', fan, post.id)).status).toBe(200);
    expect((await kit.react('PUT', 'smile', author, post.id)).status).toBe(200);
    expect((await kit.comment(fan, post.id)).status).toBe(201);
    expect((await kit.comment(author, post.id)).status).toBe(201);
    expect(await kit.stats(author)).toMatchObject({
      totalPosts: 1,
      totalSmiles: 2,
      totalHums: 1,
      totalSmilesSent: 1,
      totalPostInteractions: 3,
    });
    expect((await kit.stats(fan)).totalSmilesSent).toBe(1);
    const stored = (await filesIn(server, 'media')).length;

    const refused = await kit.call('DELETE', `/posts/${post.id}`, fan);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Only its author can delete a post');

    const res = await kit.call('DELETE', `/posts/${post.id}`, author);
    expect(res.status).toBe(204);
    // Voice and photo (with its thumbnail) of the post, and the two comments' voices.
    expect((await filesIn(server, 'media')).length).toBe(stored - 5);
    expect((await kit.call('GET', `/posts/${post.id}`, author)).status).toBe(404);
    expect((await kit.call('DELETE', `/posts/${post.id}`, author)).status).toBe(404);
    expect(await kit.stats(author)).toMatchObject({
      totalPosts: 0,
      totalSmiles: 0,
      totalHums: 0,
      totalSmilesSent: 0,
      totalPostInteractions: 0,
    });
    expect((await kit.stats(fan)).totalSmilesSent).toBe(0);
    for (const table of ['smiles', 'hums', 'comments', 'timeline']) {
      const rows = await server.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${table} WHERE post_id = $1`,
        [post.id],
      );
      expect(rows[0]!.n, table).toBe(0);
    }
  });
});
