import type { AuthResponse, PostPage } from '@doers/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postsKit } from '../../../../test/support/posts.js';
import { startTestServer, type TestServer } from '../../../../test/support/test-server.js';

// Two instances of one server on one PostgreSQL and one Redis, as behind a load balancer. Each
// keeps feed pages in memory (decision 10); a write made through any path on the first is told
// by the repository that wrote it, and reaches the second's kept pages through Redis
// (platform/cache-bus.ts). Each case keeps a page on the second, writes on the first, and reads
// the second again: a page that missed the change would be served for a minute. Needs
// DATABASE_URL and REDIS_URL (CI sets both): two instances cannot share PGlite.
const { DATABASE_URL, REDIS_URL } = process.env;

describe.skipIf(!DATABASE_URL || !REDIS_URL)('a feed page kept on another instance', () => {
  let first: TestServer;
  let second: TestServer;
  let on: ReturnType<typeof postsKit>;
  let there: ReturnType<typeof postsKit>;
  beforeAll(async () => {
    first = await startTestServer({ RATE_LIMIT_FACTOR: '20' });
    second = await startTestServer({ RATE_LIMIT_FACTOR: '20' }, { instanceOf: first });
    on = postsKit(first);
    there = postsKit(second);
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  /**
   * The reader's feed on the second instance, read until it is kept there: served without
   * reading the timeline (a read that overlapped a change told meanwhile does not keep its page).
   */
  const keptThere = async (reader: AuthResponse) => {
    for (let attempt = 0; attempt < 20; attempt++) {
      let page: PostPage | undefined;
      const statements = await second.statementsOf(async () => {
        page = await there.feed(reader, '?limit=50');
      });
      if (!statements.some((sql) => sql.includes('timeline'))) return page!;
    }
    throw new Error('the second instance never kept the page');
  };
  /** What the second instance shows of a post now (the page keptThere keeps): through Redis. */
  const cardThere = (reader: AuthResponse, postId: string) =>
    there.feed(reader, '?limit=50').then((page) => page.items.find((p) => p.id === postId));
  const soon = { timeout: 3_000, interval: 50 };

  it('follows a new post, smiles, hums, comments, vibes and a delete made on the first', async () => {
    const [reader, author, smiler, hummer] = [
      await on.person(),
      await on.person(),
      await on.person(),
      await on.person(),
    ];
    await on.vibe(reader, author);
    await on.vibe(reader, hummer);
    expect((await keptThere(reader)).items).toEqual([]);

    const post = await on.post(author);
    await expect.poll(() => there.feedIds(reader), soon).toEqual([post.id]);

    await keptThere(reader);
    expect((await on.react('PUT', 'smile', smiler, post.id)).status).toBe(200);
    await expect.poll(async () => (await cardThere(reader, post.id))?.counts.smiles, soon).toBe(1);

    await keptThere(reader);
    expect((await on.react('PUT', 'smile', reader, post.id)).status).toBe(200);
    await expect
      .poll(async () => (await cardThere(reader, post.id))?.viewer.smiled, soon)
      .toBe(true);

    await keptThere(reader);
    expect((await on.comment(smiler, post.id)).status).toBe(201);
    await expect
      .poll(async () => (await cardThere(reader, post.id))?.counts.comments, soon)
      .toBe(1);

    await keptThere(reader);
    await on.vibe(smiler, author, post.id);
    await expect.poll(async () => (await cardThere(reader, post.id))?.counts.vibes, soon).toBe(1);

    // A hum brings someone else's post to the hummer's vibers: a timeline written on the first.
    const stranger = await on.person();
    const other = await on.post(stranger);
    await keptThere(reader);
    expect((await on.react('PUT', 'hum', hummer, other.id)).status).toBe(200);
    await expect.poll(() => there.feedIds(reader), soon).toContain(other.id);

    await keptThere(reader);
    expect((await on.call('DELETE', `/posts/${post.id}`, author)).status).toBe(204);
    await expect.poll(() => there.feedIds(reader), soon).not.toContain(post.id);
  });

  it('follows the end of vibing and a block made on the first', async () => {
    const [reader, author, friend] = [await on.person(), await on.person(), await on.person()];
    await on.vibe(reader, author);
    await on.vibe(reader, friend);
    const [byAuthor, byFriend] = [await on.post(author), await on.post(friend)];
    expect((await keptThere(reader)).items.map((p) => p.id).sort()).toEqual(
      [byAuthor.id, byFriend.id].sort(),
    );

    expect((await on.call('DELETE', `/vibes/vibing/${friend.user.id}`, reader)).status).toBe(204);
    await expect.poll(() => there.feedIds(reader), soon).toEqual([byAuthor.id]);

    // Behind a block a reader's pages are not kept (their counts are their own): the page kept
    // before it must go.
    await keptThere(reader);
    await on.block(author, reader);
    await expect.poll(() => there.feedIds(reader), soon).toEqual([]);
  });
});
