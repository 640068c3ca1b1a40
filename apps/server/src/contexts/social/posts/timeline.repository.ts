import type { PersonSummary } from '@doers/contract';
import type { Queryable } from '../../../db/database.js';
import type { Cursor } from '../../../platform/pagination.js';
import { behindAnyBlock } from '../../people/index.js';
import { vibeMutually } from '../../progress/index.js';
import type { FeedCache } from './feed-cache.js';
import { postCardColumns, postCardJoins, type PostCardRow } from './post-card.sql.js';
import { notBlockedEitherWay, postVisibleTo } from './post-visibility.js';

/** How many posts a new viber gets of the person they began vibing with. */
export const BACKFILL = 20;

/** `reader_blocks`: the reader is behind a block with anyone (their counts are their own). */
export type FeedRow = PostCardRow & {
  at: Date;
  hummed_by: PersonSummary | null;
  reader_blocks: boolean;
};

/**
 * timeline and timeline_horizon: the feed written at post time (decision 10). This module is
 * their only writer, and each write tells the kept feed pages whose timeline it changed.
 */
export class TimelineRepository {
  constructor(
    private readonly db: Queryable,
    private readonly pages: FeedCache,
  ) {}

  /** Runs a write that answers `user_id` per row: the readers whose timeline it changed. */
  async #readers(tx: Queryable, sql: string, params: unknown[]): Promise<string[]> {
    const rows = await tx.query<{ user_id: string }>(sql, params);
    const ids = rows.map((r) => r.user_id);
    this.#changed(tx, ids);
    return ids;
  }

  #changed(through: Queryable, ids: string[]): void {
    if (ids.length > 0) this.pages.changed(through, { op: 'readers', ids });
  }

  /**
   * A new post reaches its author, everyone who vibes with the author and the other active
   * people on its quest; a vibers post only those of them who are mutual vibers. Nobody blocked
   * either way with the author.
   */
  async fanOutPost(
    tx: Queryable,
    p: { postId: string; authorId: string; questId: string | null; vibersOnly: boolean; at: Date },
  ): Promise<string[]> {
    return this.#readers(
      tx,
      `INSERT INTO timeline (user_id, post_id, author_id, hummed_by, at)
       SELECT r.user_id, $1, $2, NULL, $3 FROM (
         SELECT $2::uuid AS user_id
         UNION
         SELECT v.user_id FROM vibing_with v WHERE v.target_id = $2
         UNION
         SELECT qp.user_id FROM quest_participants qp
          WHERE $4::uuid IS NOT NULL AND qp.quest_id = $4 AND qp.status = 'active'
       ) r
       WHERE r.user_id = $2 OR (${notBlockedEitherWay('r.user_id', '$2::uuid')}
         AND (NOT $5::boolean OR ${vibeMutually('r.user_id', '$2::uuid')}))
       ON CONFLICT DO NOTHING RETURNING user_id`,
      [p.postId, p.authorId, p.at, p.questId, p.vibersOnly],
    );
  }

  /**
   * A hum brings a public post to the people who vibe with the hummer (not its author, nobody
   * blocked either way with the author or the hummer). A reader who has it already keeps the
   * entry they have.
   */
  async fanOutHum(
    tx: Queryable,
    h: { postId: string; authorId: string; hummerId: string; at: Date },
  ): Promise<string[]> {
    return this.#readers(
      tx,
      `INSERT INTO timeline (user_id, post_id, author_id, hummed_by, at)
       SELECT v.user_id, $1, $2, $3, $4 FROM vibing_with v
        WHERE v.target_id = $3 AND v.user_id <> $2
          AND ${notBlockedEitherWay('v.user_id', '$2::uuid')}
          AND ${notBlockedEitherWay('v.user_id', '$3::uuid')}
       ON CONFLICT DO NOTHING RETURNING user_id`,
      [h.postId, h.authorId, h.hummerId, h.at],
    );
  }

  /** A hum taken back: the entries it brought go. */
  async removeHum(tx: Queryable, postId: string, hummerId: string): Promise<string[]> {
    return this.#readers(
      tx,
      'DELETE FROM timeline WHERE post_id = $1 AND hummed_by = $2 RETURNING user_id',
      [postId, hummerId],
    );
  }

  /** `readerId` began vibing with `authorId`: the author's newest posts the reader may see. */
  async backfill(readerId: string, authorId: string): Promise<void> {
    await this.db.query(
      `INSERT INTO timeline (user_id, post_id, author_id, hummed_by, at)
       SELECT $1, p.id, p.author_id, NULL, p.created_at FROM posts p
        WHERE p.author_id = $2 AND ${postVisibleTo('p', '$1::uuid')}
          AND EXISTS (SELECT 1 FROM vibing_with v WHERE v.user_id = $1 AND v.target_id = $2)
        ORDER BY p.created_at DESC, p.id DESC LIMIT ${BACKFILL}
       ON CONFLICT DO NOTHING`,
      [readerId, authorId],
    );
    this.#changed(this.db, [readerId]);
  }

  /**
   * `readerId` stopped vibing with `authorId`: the author's own entries leave the reader's
   * timeline (what someone else hummed stays), and, the two no longer being mutual, the
   * reader's vibers-only posts leave the author's.
   */
  async vibingEnded(readerId: string, authorId: string): Promise<void> {
    await this.db.query(
      `DELETE FROM timeline t
        WHERE (t.user_id = $1 AND t.author_id = $2 AND t.hummed_by IS NULL)
           OR (t.user_id = $2 AND t.author_id = $1
               AND EXISTS (SELECT 1 FROM posts p WHERE p.id = t.post_id AND p.visibility = 'vibers'))`,
      [readerId, authorId],
    );
    this.#changed(this.db, [readerId, authorId]);
  }

  /** A block: neither sees the other's posts, nor what the other hummed. */
  async blocked(a: string, b: string): Promise<void> {
    await this.db.query(
      `DELETE FROM timeline
        WHERE (user_id = $1 AND (author_id = $2 OR hummed_by = $2))
           OR (user_id = $2 AND (author_id = $1 OR hummed_by = $1))`,
      [a, b],
    );
    this.#changed(this.db, [a, b]);
  }

  /** Readers whose timeline holds more than `depth` entries, `max` of them. */
  async longTimelines(depth: number, max: number): Promise<string[]> {
    const rows = await this.db.query<{ user_id: string }>(
      `SELECT user_id FROM timeline GROUP BY user_id HAVING count(*) > $1 LIMIT $2`,
      [depth, max],
    );
    return rows.map((r) => r.user_id);
  }

  /**
   * Keeps a reader's newest `depth` entries (ties at the last one's instant stay too) and
   * records the instant older pages are read from posts instead.
   */
  async trim(userId: string, depth: number): Promise<void> {
    await this.db.query(
      `WITH edge AS (
         SELECT at FROM timeline WHERE user_id = $1
          ORDER BY at DESC, post_id DESC OFFSET $2 - 1 LIMIT 1),
       dropped AS (
         DELETE FROM timeline t USING edge WHERE t.user_id = $1 AND t.at < edge.at)
       INSERT INTO timeline_horizon (user_id, horizon) SELECT $1, at FROM edge
       ON CONFLICT (user_id) DO UPDATE
         SET horizon = greatest(timeline_horizon.horizon, excluded.horizon)`,
      [userId, depth],
    );
    this.#changed(this.db, [userId]);
  }

  /**
   * One page of the feed in one statement: the reader's entries from the cursor on (index
   * order on timeline_read_idx), re-checked for who may see them now; when they run out past
   * the horizon of a trimmed timeline, posts of the people the reader vibes with and their own
   * (pulled from posts_author_idx). `limit + 1` rows say whether there is a next page.
   */
  async page(readerId: string, cursor: Cursor | null, limit: number): Promise<FeedRow[]> {
    return this.db.query<FeedRow>(
      `WITH pushed AS (
         SELECT t.post_id, t.at, t.hummed_by FROM timeline t JOIN posts p ON p.id = t.post_id
          WHERE t.user_id = $1
            AND ($2::timestamptz IS NULL OR (t.at, t.post_id) < ($2::timestamptz, $3::uuid))
            AND ${postVisibleTo('p', '$1::uuid')}
          ORDER BY t.at DESC, t.post_id DESC LIMIT $4),
       pulled AS (
         SELECT p.id AS post_id, p.created_at AS at, NULL::uuid AS hummed_by
           FROM timeline_horizon h
           JOIN LATERAL (SELECT $1::uuid AS author_id
                         UNION ALL
                         SELECT v.target_id FROM vibing_with v WHERE v.user_id = $1) a ON true
           JOIN LATERAL (
             SELECT p.* FROM posts p
              WHERE p.author_id = a.author_id AND p.created_at < h.horizon
                AND ($2::timestamptz IS NULL OR (p.created_at, p.id) < ($2::timestamptz, $3::uuid))
              ORDER BY p.created_at DESC, p.id DESC LIMIT $4) p ON true
          WHERE h.user_id = $1 AND (SELECT count(*) FROM pushed) < $4
            AND ${postVisibleTo('p', '$1::uuid')}
            AND NOT EXISTS (SELECT 1 FROM timeline t WHERE t.user_id = $1 AND t.post_id = p.id)),
       entries AS (
         SELECT * FROM pushed
         UNION ALL
         (SELECT * FROM pulled ORDER BY at DESC, post_id DESC LIMIT $4))
       SELECT ${postCardColumns('p', '$1::uuid')}, e.at,
              CASE WHEN hb.id IS NOT NULL THEN json_build_object('id', hb.id,
                'username', hb.username, 'displayName', hb.display_name,
                'profilePictureUrl', hb.profile_picture_url,
                'isFounder', hb.founder_id IS NOT NULL) END AS hummed_by,
              ${behindAnyBlock('$1::uuid')} AS reader_blocks
         FROM entries e JOIN posts p ON p.id = e.post_id ${postCardJoins('p')}
         LEFT JOIN users hb ON hb.id = e.hummed_by
        WHERE pa.status <> 'Deleted'
        ORDER BY e.at DESC, e.post_id DESC LIMIT $4`,
      [readerId, cursor?.at ?? null, cursor?.id ?? null, limit + 1],
    );
  }

  /**
   * The hummer is being erased: the entries their hums brought go (`hummed_by` has no foreign
   * key: the entry belongs to the reader and the post).
   */
  async removeHumsBy(tx: Queryable, hummerId: string): Promise<string[]> {
    return this.#readers(
      tx,
      `DELETE FROM timeline t USING hums h
        WHERE h.user_id = $1 AND t.post_id = h.post_id AND t.hummed_by = $1 RETURNING t.user_id`,
      [hummerId],
    );
  }
}
