import type { CommentPage } from '@doers/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchFile, filesIn } from '../../../../test/support/media.js';
import { postsKit } from '../../../../test/support/posts.js';
import { startTestServer, type TestServer } from '../../../../test/support/test-server.js';

describe('voice comments', () => {
  let server: TestServer;
  let kit: ReturnType<typeof postsKit>;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_FACTOR: '20' });
    kit = postsKit(server);
  });
  afterAll(() => server.close());

  const list = (viewer: Parameters<typeof kit.stats>[0], postId: string, query = '') =>
    kit.call<CommentPage>('GET', `/posts/${postId}/comments${query}`, viewer);

  it('comments read oldest first, a page at a time, with who may delete them', async () => {
    const [author, a, b] = [await kit.person(), await kit.person(), await kit.person()];
    const post = await kit.post(author);
    const first = await kit.comment(a, post.id);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      postId: post.id,
      author: { id: a.user.id },
      canDelete: true,
    });
    expect(first.body.voice.kind).toBe('voice');
    server.clock.advance({ seconds: 1 });
    const second = await kit.comment(b, post.id);
    const page1 = await list(a, post.id, '?limit=1');
    expect(page1.body.items.map((c) => [c.id, c.canDelete])).toEqual([[first.body.id, true]]);
    const page2 = await list(a, post.id, `?limit=1&cursor=${page1.body.nextCursor}`);
    expect(page2.body.items.map((c) => [c.id, c.canDelete])).toEqual([[second.body.id, false]]);
    expect(page2.body.nextCursor).toBeNull();
    expect((await list(author, post.id)).body.items.every((c) => c.canDelete)).toBe(true);

    const card = await kit.call<{ counts: { comments: number } }>('GET', `/posts/${post.id}`, a);
    expect(card.body.counts.comments).toBe(2);
    expect((await kit.stats(author)).totalPostInteractions).toBe(2);
    const told = (
      await server.db.query<{ type: string }>('SELECT type FROM notifications WHERE user_id = $1', [
        author.user.id,
      ])
    ).filter((n) => n.type === 'comment');
    expect(told).toHaveLength(2);
  });

  it('a replayed comment with the same Idempotency-Key is one comment', async () => {
    const [author, fan] = [await kit.person(), await kit.person()];
    const post = await kit.post(author);
    const voiceMediaId = await kit.uploadVoice(fan, 'comment');
    const headers = { 'idempotency-key': 'comment-1' };
    const send = () =>
      kit.call<{ id: string }>(
        'POST',
        `/posts/${post.id}/comments`,
        fan,
        { voiceMediaId },
        headers,
      );
    const [first, second] = [await send(), await send()];
    expect(second.status).toBe(201);
    expect(second.body.id).toBe(first.body.id);
    expect((await list(author, post.id)).body.items).toHaveLength(1);
  });

  it('its author or the post’s author deletes a comment, and its file goes', async () => {
    const [author, fan, other] = [await kit.person(), await kit.person(), await kit.person()];
    const post = await kit.post(author);
    const mine = (await kit.comment(fan, post.id)).body;
    const second = (await kit.comment(fan, post.id)).body;
    const path = (id: string) => `/posts/${post.id}/comments/${id}`;

    const refused = await kit.call('DELETE', path(mine.id), other);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('Only its author');

    const stored = (await filesIn(server, 'media')).length;
    expect((await kit.call('DELETE', path(mine.id), fan)).status).toBe(204);
    expect((await kit.call('DELETE', path(second.id), author)).status).toBe(204);
    expect((await filesIn(server, 'media')).length).toBe(stored - 2);
    expect((await fetchFile(server, mine.voice.url)).status).toBe(404);
    expect((await kit.call('DELETE', path(mine.id), fan)).status).toBe(404);
    expect((await list(author, post.id)).body.items).toEqual([]);
    expect((await kit.stats(author)).totalPostInteractions).toBe(0);
  });

  it('no commenting on, or reading the comments of, a post one may not see', async () => {
    const [author, stranger] = [await kit.person(), await kit.person()];
    const secret = await kit.post(author, { visibility: 'vibers' });
    expect((await kit.comment(stranger, secret.id)).status).toBe(404);
    expect((await list(stranger, secret.id)).status).toBe(404);
  });
});
