import type { AuthResponse, PostPage } from '@doers/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postsKit } from '../../../../test/support/posts.js';
import { startTestServer, type TestServer } from '../../../../test/support/test-server.js';

describe("Explore's recent public posts", () => {
  let server: TestServer;
  let kit: ReturnType<typeof postsKit>;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_FACTOR: '50' });
    kit = postsKit(server);
  });
  afterAll(() => server.close());

  async function explore(viewer: AuthResponse, query = ''): Promise<PostPage> {
    const res = await kit.call<PostPage>('GET', `/explore/posts${query}`, viewer);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  }
  const ids = (page: PostPage) => page.items.map((p) => p.id);

  it('shows public posts newest first, never vibers-only ones, in pages', async () => {
    const [author, viewer] = [await kit.person(), await kit.person()];
    const first = await kit.post(author);
    const hidden = await kit.post(author, { visibility: 'vibers' });
    const second = await kit.post(author);
    const third = await kit.post(viewer);

    expect(ids(await explore(viewer)).slice(0, 3)).toEqual([third.id, second.id, first.id]);
    const page = await explore(viewer, '?limit=2');
    expect(ids(page)).toEqual([third.id, second.id]);
    expect(page.items[1]).toMatchObject({
      author: { id: author.user.id },
      visibility: 'public',
      viewer: { isAuthor: false, canHum: true, smiled: false },
    });
    expect(page.items[0]!.viewer.isAuthor).toBe(true);
    // A post after the first page was read does not shift the next page.
    await kit.post(author);
    const next = await explore(viewer, `?limit=2&cursor=${page.nextCursor}`);
    expect(ids(next)).toEqual([first.id]);
    expect(next.nextCursor).toBeNull();
    expect(ids(await explore(viewer))).not.toContain(hidden.id);
  });

  it('leaves out posts of people blocked either way', async () => {
    const [blocker, blocked, viewer] = [await kit.person(), await kit.person(), await kit.person()];
    const byBlocker = await kit.post(blocker);
    const byBlocked = await kit.post(blocked);
    await kit.block(blocker, blocked);

    expect(ids(await explore(blocker))).not.toContain(byBlocked.id);
    expect(ids(await explore(blocked))).not.toContain(byBlocker.id);
    expect(ids(await explore(viewer)).slice(0, 2)).toEqual([byBlocked.id, byBlocker.id]);
  });

  it('filters by an interest the author chose', async () => {
    const [climber, reader, viewer] = [await kit.person(), await kit.person(), await kit.person()];
    const choose = async (who: AuthResponse, interestIds: string[]) => {
      const res = await kit.call('PUT', '/users/me/interests', who, { ids: interestIds });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    await choose(climber, ['climbing', 'hiking', 'yoga']);
    await choose(reader, ['reading', 'writing', 'chess']);
    const climb = await kit.post(climber);
    const read = await kit.post(reader);

    const climbing = ids(await explore(viewer, '?interest=climbing'));
    expect(climbing).toContain(climb.id);
    expect(climbing).not.toContain(read.id);
    expect(ids(await explore(viewer, '?interest=chess'))[0]).toBe(read.id);
    expect(ids(await explore(viewer, '?interest=no-such-thing'))).toEqual([]);
  });

  it('starts at a post and goes older: the swipe feed', async () => {
    const [author, viewer] = [await kit.person(), await kit.person()];
    const posts = [];
    for (let i = 0; i < 4; i += 1) posts.push(await kit.post(author));
    const [a, b, c, d] = posts.map((p) => p.id);

    const page = await explore(viewer, `?from=${c}&limit=2`);
    expect(ids(page)).toEqual([c, b]);
    const next = await explore(viewer, `?from=${c}&limit=2&cursor=${page.nextCursor}`);
    expect(ids(next)[0]).toBe(a);
    expect(ids(next)).not.toContain(d);

    // A vibers-only or unknown post starts nothing.
    const secret = await kit.post(author, { visibility: 'vibers' });
    expect(ids(await explore(viewer, `?from=${secret.id}`))).not.toContain(secret.id);
    const unknown = await explore(viewer, '?from=00000000-0000-4000-8000-000000000000');
    expect(unknown).toEqual({ items: [], nextCursor: null });
  });

  it('answers a page, and a search, in one statement after authenticating', async () => {
    const viewer = await kit.person();
    await kit.post(viewer);
    // The viewer's session is known (decision 8): authenticating reads nothing.
    for (const path of ['/explore/posts?interest=yoga', '/explore/posts', '/search?q=doer']) {
      await kit.call('GET', path, viewer);
      const sql = await server.statementsOf(async () => {
        expect((await kit.call('GET', path, viewer)).status).toBe(200);
      });
      expect(sql.length, sql.join('\n')).toBe(1);
    }
  });
});
