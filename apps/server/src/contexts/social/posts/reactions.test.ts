import type { ReactorPage } from '@doers/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postsKit } from '../../../../test/support/posts.js';
import { startTestServer, type TestServer } from '../../../../test/support/test-server.js';

describe('smiles, hums and vibes on posts', () => {
  let server: TestServer;
  let kit: ReturnType<typeof postsKit>;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_FACTOR: '20' });
    kit = postsKit(server);
  });
  afterAll(() => server.close());

  /** The notifications written for someone (the list's endpoint comes with its screen). */
  const notificationsOf = (auth: Parameters<typeof kit.stats>[0]) =>
    server.db.query<{ type: string }>('SELECT type FROM notifications WHERE user_id = $1', [
      auth.user.id,
    ]);

  it('a smile is a toggle: twice is one, counts and figures follow, the author is told once', async () => {
    const [author, fan] = [await kit.person(), await kit.person()];
    const post = await kit.post(author);
    const first = await kit.react('PUT', 'smile', fan, post.id);
    const again = await kit.react('PUT', 'smile', fan, post.id);
    for (const res of [first, again]) {
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        smiled: true,
        hummed: false,
        counts: { smiles: 1, hums: 0, vibes: 0, comments: 0 },
      });
    }
    expect(await kit.stats(author)).toMatchObject({ totalSmiles: 1, totalPostInteractions: 1 });
    expect((await kit.stats(fan)).totalSmilesSent).toBe(1);
    const told = (await notificationsOf(author)).filter((n) => n.type === 'smile');
    expect(told).toHaveLength(1);

    const smiles = await kit.call<ReactorPage>('GET', `/posts/${post.id}/smiles`, author);
    expect(smiles.body.items.map((r) => r.user.id)).toEqual([fan.user.id]);

    for (let i = 0; i < 2; i++) {
      const off = await kit.react('DELETE', 'smile', fan, post.id);
      expect(off.body).toMatchObject({ smiled: false, counts: { smiles: 0 } });
    }
    expect(await kit.stats(author)).toMatchObject({ totalSmiles: 0, totalPostInteractions: 0 });
    expect((await kit.stats(fan)).totalSmilesSent).toBe(0);
    expect(
      (await kit.call<{ viewer: { smiled: boolean } }>('GET', `/posts/${post.id}`, fan)).body.viewer
        .smiled,
    ).toBe(false);
  });

  it('my own smile counts on my post but tells nobody and is no interaction', async () => {
    const me = await kit.person();
    const post = await kit.post(me);
    expect((await kit.react('PUT', 'smile', me, post.id)).status).toBe(200);
    expect(await kit.stats(me)).toMatchObject({
      totalSmiles: 1,
      totalSmilesSent: 1,
      totalPostInteractions: 0,
    });
    expect((await notificationsOf(me)).filter((n) => n.type === 'smile')).toEqual([]);
  });

  it('hums: public posts of others only; counted, listed, told', async () => {
    const [author, friend] = [await kit.person(), await kit.person()];
    await kit.mutual(author, friend);
    const open = await kit.post(author);
    const secret = await kit.post(author, { visibility: 'vibers' });

    const own = await kit.react('PUT', 'hum', author, open.id);
    expect(own.status).toBe(400);
    expect(own.body.message).toBe("You can't hum your own post");
    const vibersOnly = await kit.react('PUT', 'hum', friend, secret.id);
    expect(vibersOnly.status).toBe(400);
    expect(vibersOnly.body.message).toBe('Only public posts can be hummed');

    const hum = await kit.react('PUT', 'hum', friend, open.id);
    expect(hum.body).toEqual({
      smiled: false,
      hummed: true,
      counts: { smiles: 0, hums: 1, vibes: 0, comments: 0 },
    });
    expect((await kit.react('PUT', 'hum', friend, open.id)).body.counts.hums).toBe(1);
    expect(await kit.stats(author)).toMatchObject({ totalHums: 1, totalPostInteractions: 1 });
    const hums = await kit.call<ReactorPage>('GET', `/posts/${open.id}/hums`, author);
    expect(hums.body.items.map((r) => r.user.id)).toEqual([friend.user.id]);
    expect((await notificationsOf(author)).filter((n) => n.type === 'hum')).toHaveLength(1);

    const off = await kit.react('DELETE', 'hum', friend, open.id);
    expect(off.body).toMatchObject({ hummed: false, counts: { hums: 0 } });
    expect(await kit.stats(author)).toMatchObject({ totalHums: 0, totalPostInteractions: 0 });
  });

  it('no reacting to a post one may not see', async () => {
    const [author, fan] = [await kit.person(), await kit.person()];
    await kit.vibe(fan, author);
    const secret = await kit.post(author, { visibility: 'vibers' });
    const res = await kit.react('PUT', 'smile', fan, secret.id);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Post not found');
    expect((await kit.call('GET', `/posts/${secret.id}/smiles`, fan)).status).toBe(404);
  });

  it('a vibe sent from a post counts on it', async () => {
    const [author, fan] = [await kit.person(), await kit.person()];
    const post = await kit.post(author);
    await kit.vibe(fan, author, post.id);
    const card = await kit.call<{ counts: { vibes: number } }>('GET', `/posts/${post.id}`, fan);
    expect(card.body.counts.vibes).toBe(1);
  });
});
