import type { AuthResponse, CommentPage, Post, PostPage, ReactorPage } from '@doers/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dmsKit } from '../../../../test/support/dms.js';
import { grantModeration } from '../../../../test/support/grants.js';
import { device } from '../../../../test/support/people.js';
import { startTestServer, type TestServer } from '../../../../test/support/test-server.js';

/**
 * The counts on a post agree with the lists beside them, for whoever looks
 * (docs/product/posts-and-feed.md#counts): through a deactivation and a return, an erasure, a
 * hidden comment and blocks either way.
 */
describe('counts a person sees agree with the lists beside them', () => {
  let server: TestServer;
  let kit: ReturnType<typeof dmsKit>;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_FACTOR: '20' });
    kit = dmsKit(server);
  });
  afterAll(() => server.close());

  /** The post's counts as `viewer` reads them, and the lengths of the lists beside them. */
  async function seenBy(viewer: AuthResponse, postId: string) {
    const post = await kit.call<Post>('GET', `/posts/${postId}`, viewer);
    expect(post.status, JSON.stringify(post.body)).toBe(200);
    const list = async <T extends ReactorPage | CommentPage>(what: string) =>
      (await kit.call<T>('GET', `/posts/${postId}/${what}?limit=50`, viewer)).body.items.length;
    return {
      counts: {
        smiles: post.body.counts.smiles,
        hums: post.body.counts.hums,
        comments: post.body.counts.comments,
      },
      lists: {
        smiles: await list<ReactorPage>('smiles'),
        hums: await list<ReactorPage>('hums'),
        comments: await list<CommentPage>('comments'),
      },
    };
  }
  const agree = async (viewer: AuthResponse, postId: string, expected: number[]) => {
    const seen = await seenBy(viewer, postId);
    const [smiles, hums, comments] = expected;
    expect(seen.counts).toEqual({ smiles, hums, comments });
    expect(seen.lists).toEqual(seen.counts);
  };
  /** Smiles at, hums and comments on the post: one of each. */
  async function reactAll(fan: AuthResponse, postId: string) {
    expect((await kit.react('PUT', 'smile', fan, postId)).status).toBe(200);
    expect((await kit.react('PUT', 'hum', fan, postId)).status).toBe(200);
    const comment = await kit.comment(fan, postId);
    expect(comment.status).toBe(201);
    return comment.body.id;
  }

  it('a deactivated account takes its smiles, hums and comments along, and brings them back', async () => {
    const [author, stays] = [await kit.person(), await kit.person()];
    const leaving = await kit.person();
    const post = await kit.post(author);
    await reactAll(leaving, post.id);
    await reactAll(stays, post.id);
    await agree(author, post.id, [2, 2, 2]);

    const deleted = await kit.call('POST', '/me/deletion', leaving, {
      password: 'correct horse battery',
    });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    await agree(author, post.id, [1, 1, 1]);
    const feed = await kit.call<PostPage>('GET', '/feed', author);
    expect(feed.body.items.find((p) => p.id === post.id)?.counts).toMatchObject({
      smiles: 1,
      hums: 1,
      comments: 1,
    });

    // Signing back in within the grace days keeps the account, and what it gave.
    const back = await server.request<AuthResponse>('POST', '/api/auth/login', {
      body: { email: leaving.user.email, password: 'correct horse battery', device: device() },
    });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    await agree(author, post.id, [2, 2, 2]);
  });

  it('a hidden comment leaves the count with the list', async () => {
    const [author, fan, moderator] = [await kit.person(), await kit.person(), await kit.person()];
    await grantModeration(server, moderator.user.username);
    const post = await kit.post(author);
    const commentId = await reactAll(fan, post.id);
    const hidden = await kit.call('POST', '/moderation/actions', moderator, {
      action: 'hide',
      targetType: 'comment',
      targetId: commentId,
      reason: 'Insults',
    });
    expect(hidden.status, JSON.stringify(hidden.body)).toBe(201);
    await agree(author, post.id, [1, 1, 0]);
    await agree(fan, post.id, [1, 1, 0]);
  });

  it('a block either way leaves the other out of both, for the two of them only', async () => {
    const [author, blocker, blocked, bystander] = [
      await kit.person(),
      await kit.person(),
      await kit.person(),
      await kit.person(),
    ];
    const post = await kit.post(author);
    await reactAll(blocked, post.id);
    await reactAll(bystander, post.id);
    await kit.block(blocker, blocked);

    await agree(blocker, post.id, [1, 1, 1]);
    await agree(author, post.id, [2, 2, 2]);
    // The blocked person's own view leaves out nothing of theirs, and no one else is blocked.
    await agree(blocked, post.id, [2, 2, 2]);

    // A smile's answer counts as the smiler sees it, and so do the feeds after it, kept or not.
    await kit.vibe(blocker, author);
    await kit.vibe(bystander, author);
    for (const reader of [blocker, bystander]) await kit.call('GET', '/feed', reader);
    const smiled = await kit.react('PUT', 'smile', blocker, post.id);
    expect(smiled.body.counts).toMatchObject({ smiles: 2, hums: 1, comments: 1 });
    const inFeed = async (reader: AuthResponse) =>
      (await kit.call<PostPage>('GET', '/feed', reader)).body.items.find((p) => p.id === post.id)
        ?.counts;
    expect(await inFeed(blocker)).toMatchObject({ smiles: 2, hums: 1, comments: 1 });
    expect(await inFeed(bystander)).toMatchObject({ smiles: 3, hums: 2, comments: 2 });
  });
});
