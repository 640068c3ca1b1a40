import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse } from '@doers/contract';
import { postsKit } from '../../../../test/support/posts.js';
import { startTestServer, type TestServer } from '../../../../test/support/test-server.js';

/**
 * Feed pages kept in memory (decision 10) are told of every change by its writer. Each case
 * reads the feed twice first, so that the page is kept (on PGlite; PostgreSQL reads each time
 * and must answer the same), then changes one thing and reads again.
 */
describe('a kept feed page follows every change', () => {
  let server: TestServer;
  let kit: ReturnType<typeof postsKit>;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_FACTOR: '20' });
    kit = postsKit(server);
  });
  afterAll(() => server.close());

  const kept = async (reader: AuthResponse) => {
    await kit.feed(reader);
    return kit.feed(reader);
  };
  const cardOf = async (reader: AuthResponse, postId: string) =>
    (await kit.feed(reader)).items.find((p) => p.id === postId);

  it('a new post of someone the reader vibes with', async () => {
    const [reader, author] = [await kit.person(), await kit.person()];
    await kit.vibe(reader, author);
    expect((await kept(reader)).items).toEqual([]);
    const post = await kit.post(author);
    expect(await kit.feedIds(reader)).toEqual([post.id]);
  });

  it("smiles: someone else's moves the count, the reader's own moves their mark too", async () => {
    const [reader, author, fan] = [await kit.person(), await kit.person(), await kit.person()];
    await kit.vibe(reader, author);
    const post = await kit.post(author);
    await kept(reader);
    await kit.react('PUT', 'smile', fan, post.id);
    expect((await cardOf(reader, post.id))?.counts.smiles).toBe(1);
    await kit.react('PUT', 'smile', reader, post.id);
    const mine = await cardOf(reader, post.id);
    expect(mine?.counts.smiles).toBe(2);
    expect(mine?.viewer.smiled).toBe(true);
    // The fan's own page, kept too, shows the fan's mark and not the reader's.
    await kit.vibe(fan, author);
    await kept(fan);
    await kit.react('DELETE', 'smile', reader, post.id);
    expect(await cardOf(fan, post.id)).toMatchObject({
      counts: { smiles: 1 },
      viewer: { smiled: true },
    });
    expect(await cardOf(reader, post.id)).toMatchObject({
      counts: { smiles: 1 },
      viewer: { smiled: false },
    });
  });

  it('a hum brings the post to the hummer’s vibers; taking it back takes it away', async () => {
    const [reader, hummer, author] = [await kit.person(), await kit.person(), await kit.person()];
    await kit.vibe(reader, hummer);
    const post = await kit.post(author);
    expect((await kept(reader)).items).toEqual([]);
    expect((await kit.react('PUT', 'hum', hummer, post.id)).status).toBe(200);
    const card = await cardOf(reader, post.id);
    expect(card?.hummedBy?.id).toBe(hummer.user.id);
    expect(card?.counts.hums).toBe(1);
    expect((await kit.react('DELETE', 'hum', hummer, post.id)).status).toBe(200);
    expect(await kit.feedIds(reader)).toEqual([]);
  });

  it('comments and vibes sent from the post move their counts', async () => {
    const [reader, author, friend] = [await kit.person(), await kit.person(), await kit.person()];
    await kit.vibe(reader, author);
    const post = await kit.post(author);
    await kept(reader);
    const comment = await kit.comment(friend, post.id);
    expect(comment.status).toBe(201);
    expect((await cardOf(reader, post.id))?.counts.comments).toBe(1);
    const removed = await kit.call(
      'DELETE',
      `/posts/${post.id}/comments/${comment.body.id}`,
      author,
    );
    expect(removed.status).toBe(204);
    expect((await cardOf(reader, post.id))?.counts.comments).toBe(0);
    await kit.vibe(friend, author, post.id);
    expect((await cardOf(reader, post.id))?.counts.vibes).toBe(1);
  });

  it('a deleted post leaves every page that held it', async () => {
    const [reader, author] = [await kit.person(), await kit.person()];
    await kit.vibe(reader, author);
    const post = await kit.post(author);
    expect((await kept(reader)).items).toHaveLength(1);
    expect((await kit.call('DELETE', `/posts/${post.id}`, author)).status).toBe(204);
    expect(await kit.feedIds(reader)).toEqual([]);
  });

  it('ending vibing or a block, either way, takes the author’s posts away', async () => {
    const [reader, a, b] = [await kit.person(), await kit.person(), await kit.person()];
    await kit.vibe(reader, a);
    await kit.vibe(reader, b);
    const [fromA, fromB] = [await kit.post(a), await kit.post(b)];
    expect((await kept(reader)).items).toHaveLength(2);
    expect((await kit.call('DELETE', `/vibes/vibing/${a.user.id}`, reader)).status).toBe(204);
    expect(await kit.feedIds(reader)).toEqual([fromB.id]);
    await kept(reader);
    await kit.block(b, reader);
    expect(await kit.feedIds(reader)).toEqual([]);
    expect(fromA.id).not.toBe(fromB.id);
  });
});
