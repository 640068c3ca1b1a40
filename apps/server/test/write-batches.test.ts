import type { NotificationPage, Post } from '@doers/contract';
import { describe, expect, it } from 'vitest';
import { postsServer } from './support/posts.js';

/**
 * Smiles and their notifications arriving at the same moment are written in batches
 * (platform/write-batcher.ts): each person still gets their own answer, and every counter, figure
 * and folded line comes out as if they had come one by one.
 */
describe('writes that arrive together', () => {
  const posts = postsServer();

  const smileLines = async (auth: Parameters<typeof posts.kit.stats>[0]) => {
    const res = await posts.kit.call<NotificationPage>('GET', '/notifications', auth);
    expect(res.status).toBe(200);
    return res.body.items.filter((n) => n.type === 'smile');
  };

  it('twelve people smiling at once: one answer each, the counts and figures of them all', async () => {
    const author = await posts.kit.person();
    const [first, second] = [await posts.kit.post(author), await posts.kit.post(author)];
    // A vibers-only post of someone nobody here vibes with: not found, for that smile alone.
    const hidden = await posts.kit.post(await posts.kit.person(), { visibility: 'vibers' });
    const fans = await Promise.all(Array.from({ length: 12 }, () => posts.kit.person()));

    const sql = await posts.server.statementsOf(async () => {
      const answers = await Promise.all([
        ...fans.map((fan) => posts.kit.react('PUT', 'smile', fan, first.id)),
        ...fans.slice(0, 3).map((fan) => posts.kit.react('PUT', 'smile', fan, second.id)),
        posts.kit.react('PUT', 'smile', fans[0]!, hidden.id),
      ]);
      const refused = answers.pop()!;
      expect(refused.status).toBe(404);
      expect(refused.body.message).toBe('Post not found');
      for (const res of answers) expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(answers.every((res) => res.body.smiled)).toBe(true);
    });
    // Fewer statements than smiles (one each before batching): they were written together.
    expect(sql.filter((s) => s.includes('INSERT INTO smiles')).length).toBeLessThan(10);

    const counts = async (post: Post) =>
      (await posts.kit.call<Post>('GET', `/posts/${post.id}`, author)).body.counts.smiles;
    expect([await counts(first), await counts(second)]).toEqual([12, 3]);
    expect(await posts.kit.stats(author)).toMatchObject({
      totalSmiles: 15,
      totalPostInteractions: 15,
    });
    const sent = await Promise.all(
      fans.map(async (fan) => (await posts.kit.stats(fan)).totalSmilesSent),
    );
    expect(sent).toEqual([2, 2, 2, ...Array<number>(9).fill(1)]);

    // One line per post, each counting everyone who smiled at it.
    const lines = await smileLines(author);
    const byPost = new Map(lines.map((l) => [(l.data as { postId: string }).postId, l]));
    expect(lines).toHaveLength(2);
    expect(byPost.get(first.id)?.actorCount).toBe(12);
    expect(byPost.get(second.id)?.actorCount).toBe(3);
  });

  it("one person's smiles and undos sent together: every answer and the figures agree", async () => {
    const [author, fan] = [await posts.kit.person(), await posts.kit.person()];
    const post = await posts.kit.post(author);
    // Requests on separate connections may arrive in any order; whatever order they are written
    // in, each answer tells the state it left, and the counters end as the rows say.
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        posts.kit.react(i % 2 ? 'DELETE' : 'PUT', 'smile', fan, post.id),
      ),
    );
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(res.body.counts.smiles).toBe(res.body.smiled ? 1 : 0);
    }
    const now = (await posts.kit.call<Post>('GET', `/posts/${post.id}`, fan)).body;
    const smiles = now.viewer.smiled ? 1 : 0;
    expect(now.counts.smiles).toBe(smiles);
    expect(await posts.kit.stats(author)).toMatchObject({
      totalSmiles: smiles,
      totalPostInteractions: smiles,
    });
    expect((await posts.kit.stats(fan)).totalSmilesSent).toBe(smiles);
    // Told once at most: the repeats fold into the line already there.
    const lines = await smileLines(author);
    expect(lines.map((l) => l.actorCount)).toEqual([1]);
  });
});
