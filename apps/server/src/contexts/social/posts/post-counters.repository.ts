import type { Queryable } from '../../../db/database.js';
import type { FeedCache } from './feed-cache.js';

/**
 * The counters on posts that follow a person's account and the team's decisions
 * (docs/product/posts-and-feed.md#counts): a deactivated person's smiles, hums and comments leave
 * the counters with the account and come back if they return; a hidden comment leaves them. Run
 * inside the transaction that makes the change, so the two never disagree.
 */
export class PostCountersRepository {
  constructor(private readonly pages: FeedCache) {}

  /** The person's account was deactivated: their part leaves every post's counters. */
  async personLeft(tx: Queryable, userId: string): Promise<void> {
    await this.#move(tx, userId, -1);
  }

  /** The person came back before the erasure: their part is counted again. */
  async personReturned(tx: Queryable, userId: string): Promise<void> {
    await this.#move(tx, userId, 1);
  }

  /** A comment was hidden: its post counts one fewer, and kept feed pages read it again. */
  async commentHidden(tx: Queryable, commentId: string): Promise<void> {
    const rows = await tx.query<{ id: string }>(
      `UPDATE posts p SET comment_count = greatest(p.comment_count - 1, 0)
         FROM comments c WHERE c.id = $1 AND p.id = c.post_id RETURNING p.id`,
      [commentId],
    );
    if (rows[0]) this.pages.changed(tx, { op: 'post', id: rows[0].id });
  }

  async #move(tx: Queryable, userId: string, sign: 1 | -1): Promise<void> {
    await tx.query(
      `WITH given AS (
         SELECT post_id, 1 AS smiles, 0 AS hums, 0 AS comments FROM smiles WHERE user_id = $1
         UNION ALL SELECT post_id, 0, 1, 0 FROM hums WHERE user_id = $1
         UNION ALL SELECT post_id, 0, 0, 1 FROM comments WHERE author_id = $1 AND hidden_at IS NULL
       ), per_post AS (
         SELECT post_id, sum(smiles)::int AS smiles, sum(hums)::int AS hums,
                sum(comments)::int AS comments
           FROM given GROUP BY post_id
       )
       UPDATE posts p SET smile_count = greatest(p.smile_count + $2 * d.smiles, 0),
              hum_count = greatest(p.hum_count + $2 * d.hums, 0),
              comment_count = greatest(p.comment_count + $2 * d.comments, 0)
         FROM per_post d WHERE p.id = d.post_id`,
      [userId, sign],
    );
  }

  /**
   * The person is being erased: the vibes they sent from posts leave those posts' counters
   * (their smiles, hums and comments already left with the account: personLeft).
   */
  async vibesSentGone(tx: Queryable, userId: string): Promise<void> {
    const rows = await tx.query<{ id: string }>(
      `WITH per_post AS (
         SELECT post_id, count(*)::int AS vibes FROM vibes
          WHERE sender_id = $1 AND post_id IS NOT NULL GROUP BY post_id
       )
       UPDATE posts p SET vibe_count = greatest(p.vibe_count - d.vibes, 0)
         FROM per_post d WHERE p.id = d.post_id AND p.author_id <> $1 RETURNING p.id`,
      [userId],
    );
    for (const { id } of rows) this.pages.changed(tx, { op: 'post', id });
  }
}
