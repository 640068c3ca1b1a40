import type { AuthResponse, ModerationQueue, Post } from '@doers/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantModeration, hideAs } from '../../../../test/support/grants.js';
import { postsKit } from '../../../../test/support/posts.js';
import { startTestServer, type TestServer } from '../../../../test/support/test-server.js';

describe('moderation sees a transcript with its voice, and hides it with it', () => {
  let server: TestServer;
  let kit: ReturnType<typeof postsKit>;
  let moderator: AuthResponse;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_FACTOR: '20' });
    kit = postsKit(server);
    moderator = await kit.person();
    await grantModeration(server, moderator.user.username);
  });
  afterAll(() => server.close());

  it('the queue shows a reported post’s words; once hidden, nobody reads them', async () => {
    const [author, reader] = [await kit.person(), await kit.person()];
    const post = await kit.post(author, { transcript: 'Words worth reporting' });
    const reported = await kit.call('POST', '/reports', reader, {
      targetType: 'post',
      targetId: post.id,
      category: 'spam',
    });
    expect(reported.status, JSON.stringify(reported.body)).toBe(201);
    const queue = await kit.call<ModerationQueue>('GET', '/moderation/queue', moderator);
    const item = queue.body.items.find((i) => i.targetId === post.id);
    expect(item?.voice?.transcript?.text).toBe('Words worth reporting');

    const found = async () =>
      (await kit.call<{ posts: Post[] }>('GET', '/search?q=reporting', reader)).body.posts;
    expect((await found()).map((p) => p.id)).toContain(post.id);
    await hideAs(server, moderator, { type: 'post', id: post.id });
    expect((await kit.call<Post>('GET', `/posts/${post.id}`, reader)).status).toBe(404);
    expect((await found()).map((p) => p.id)).not.toContain(post.id);
  });
});
