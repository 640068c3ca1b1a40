import type { PersonSummary } from '@doers/contract';
import type { Queryable } from '../../../db/database.js';
import type { Cursor } from '../../../platform/pagination.js';
import type { FeedCache } from './feed-cache.js';
import { unseenCountColumns, type UnseenCounts } from './post-counts.sql.js';
import { countsOf } from './post.presenter.js';
import { notBlockedEitherWay, postVisibleTo } from './post-visibility.js';
import { recordEventsSql } from '../../../platform/outbox.repository.js';
import { WriteBatcher } from '../../../platform/write-batcher.js';

export type Reaction = 'smile' | 'hum';

const TABLE = { smile: 'smiles', hum: 'hums' } as const;
const COUNTER = { smile: 'smile_count', hum: 'hum_count' } as const;

/**
 * What a toggle answers: the counters after it (as kept for everyone) with the reacting person's
 * unseen part of them (post-counts.sql.ts), their marks, and whether it changed.
 */
export type ToggleRow = UnseenCounts & {
  changed: boolean;
  smiled: boolean;
  hummed: boolean;
  smile_count: number;
  hum_count: number;
  vibe_count: number;
  comment_count: number;
};

/**
 * A smile of a batch: the post's author and, as for a toggle, the state after it; `event_id`: the
 * `post.smiled` written with it (a smile set, not one taken back or set already).
 */
type SmileFound = ToggleRow & {
  found: true;
  post_id: string;
  author_id: string;
  event_id: string | null;
};
export type SmileRow = { found: false } | SmileFound;
export type SmileChange = { userId: string; postId: string; on: boolean };

export type ReactorRow = { user: PersonSummary; at: Date };

/**
 * smiles and hums, and their counters on posts, each changed in one statement; a smile's
 * `post.smiled` is written to the outbox in that statement too (platform/outbox.ts). Kept feed pages
 * get the new counters, and the reacting person's marks, once committed. The counters as kept
 * for everyone are right for every kept page: a reader behind any block is never kept
 * (feed-pages.repository.ts), their figures being their own.
 */
export class ReactionsRepository {
  /**
   * Smiles are the hottest write: those arriving together go in one statement
   * (platform/write-batcher.ts). One per person and post a batch, so a quick undo waits its turn.
   */
  readonly #smiles = new WriteBatcher<SmileChange, SmileRow>(
    (items) => this.smileMany(items, this.now()),
    { key: (i) => `${i.userId}:${i.postId}`, max: 100 },
  );

  constructor(
    private readonly db: Queryable,
    private readonly pages: FeedCache,
    /** When a batch of smiles is written: the injected clock's instant. */
    private readonly now: () => Date,
  ) {}

  /** Sets or takes back one smile, written with those submitted at the same moment. */
  smile(change: SmileChange): Promise<SmileRow> {
    return this.#smiles.submit(change);
  }

  #changed(through: Queryable, postId: string, userId: string, row: ToggleRow): void {
    const reader = { id: userId, smiled: row.smiled, hummed: row.hummed };
    this.pages.changed(through, { op: 'patch', id: postId, counts: countsOf(row), reader });
  }

  /**
   * Adds (`on`) or takes back the viewer's smile or hum and moves the post's counter with it.
   * The statement's own change is not visible to its EXISTS probes, so the mark just set comes
   * from `on`.
   */
  async toggle(
    tx: Queryable,
    r: { reaction: Reaction; postId: string; userId: string; on: boolean; at: Date },
  ): Promise<ToggleRow> {
    const table = TABLE[r.reaction];
    const counter = COUNTER[r.reaction];
    const change = r.on
      ? `INSERT INTO ${table} (post_id, user_id, created_at) VALUES ($1, $2, $3)
         ON CONFLICT DO NOTHING RETURNING 1`
      : `DELETE FROM ${table} WHERE post_id = $1 AND user_id = $2 AND $3::timestamptz IS NOT NULL
         RETURNING 1`;
    const other = r.reaction === 'smile' ? 'hums' : 'smiles';
    const rows = await tx.query<ToggleRow>(
      `WITH changed AS (${change})
       UPDATE posts SET ${counter} = ${counter} + $4 * (SELECT count(*)::int FROM changed)
        WHERE id = $1
       RETURNING (SELECT count(*) FROM changed) > 0 AS changed,
                 $5::boolean AS ${r.reaction === 'smile' ? 'smiled' : 'hummed'},
                 EXISTS (SELECT 1 FROM ${other} o WHERE o.post_id = $1 AND o.user_id = $2)
                   AS ${r.reaction === 'smile' ? 'hummed' : 'smiled'},
                 smile_count, hum_count, vibe_count, comment_count,
                 ${unseenCountColumns('posts', '$2::uuid')}`,
      [r.postId, r.userId, r.at, r.on ? 1 : -1, r.on],
    );
    const row = rows[0]!;
    if (row.changed) this.#changed(tx, r.postId, r.userId, row);
    return row;
  }

  /**
   * Smiles given (`on`) and taken back, many people's at once, in one statement: each on a post
   * its person may see (else `found` is false and nothing changes), with the posts' counters and
   * the figures of authors and smilers (stats module's rule: a smile counts for its post's
   * author, as an interaction when it is someone else's, and as sent for the smiler). At most
   * one per person and post. Answers, in order, the state after the whole batch.
   */
  private async smileMany(items: SmileChange[], at: Date): Promise<SmileRow[]> {
    const rows = await this.db.query<SmileFound & { idx: number }>(
      `WITH input AS (
         SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::boolean[])
                  WITH ORDINALITY AS i(post_id, user_id, on_, idx)
       ), seen AS (
         SELECT i.*, p.author_id FROM input i
           JOIN posts p ON p.id = i.post_id JOIN users pa ON pa.id = p.author_id
          WHERE pa.status <> 'Deleted' AND ${postVisibleTo('p', 'i.user_id')}
       ), added AS (
         INSERT INTO smiles (post_id, user_id, created_at)
         SELECT post_id, user_id, $4 FROM seen WHERE on_
         ON CONFLICT DO NOTHING RETURNING post_id, user_id
       ), removed AS (
         DELETE FROM smiles s USING seen
          WHERE NOT seen.on_ AND s.post_id = seen.post_id AND s.user_id = seen.user_id
         RETURNING s.post_id, s.user_id
       ), changes AS (
         SELECT seen.idx, seen.post_id, seen.user_id, seen.author_id,
                CASE WHEN seen.on_ THEN 1 ELSE -1 END AS d
           FROM seen JOIN (SELECT * FROM added UNION ALL SELECT * FROM removed) x
             ON x.post_id = seen.post_id AND x.user_id = seen.user_id
       ), counted AS (
         UPDATE posts p SET smile_count = p.smile_count + c.d
           FROM (SELECT post_id, sum(d)::int AS d FROM changes GROUP BY post_id) c
          WHERE p.id = c.post_id
         RETURNING p.id, p.smile_count
       ), figures AS (
         UPDATE user_stats s SET
           total_smiles = greatest(s.total_smiles + f.smiles, 0),
           total_post_interactions = greatest(s.total_post_interactions + f.interactions, 0),
           total_smiles_sent = greatest(s.total_smiles_sent + f.sent, 0)
           FROM (SELECT user_id, sum(smiles)::int AS smiles, sum(interactions)::int AS interactions,
                        sum(sent)::int AS sent
                   FROM (SELECT author_id AS user_id, d AS smiles,
                                CASE WHEN author_id <> user_id THEN d ELSE 0 END AS interactions,
                                0 AS sent
                           FROM changes
                         UNION ALL
                         SELECT user_id, 0, 0, d FROM changes) x
                  GROUP BY user_id) f
          WHERE s.user_id = f.user_id
         RETURNING 1
       ), smiled AS (
         ${recordEventsSql(`SELECT 'post.smiled', json_build_object('postId', post_id,
                              'authorId', author_id, 'userId', user_id)::jsonb
                              FROM changes WHERE d = 1`)}
       )
       SELECT seen.idx::int AS idx, seen.post_id, seen.author_id, c.idx IS NOT NULL AS changed,
              (SELECT e.id FROM smiled e WHERE e.payload ->> 'postId' = seen.post_id::text
                  AND e.payload ->> 'userId' = seen.user_id::text) AS event_id,
              seen.on_ AS smiled,
              EXISTS (SELECT 1 FROM hums h WHERE h.post_id = seen.post_id AND h.user_id = seen.user_id)
                AS hummed,
              COALESCE(k.smile_count, p.smile_count) AS smile_count,
              p.hum_count, p.vibe_count, p.comment_count,
              ${unseenCountColumns('p', 'seen.user_id')}
         FROM seen JOIN posts p ON p.id = seen.post_id
         LEFT JOIN changes c ON c.idx = seen.idx
         LEFT JOIN counted k ON k.id = seen.post_id`,
      [items.map((i) => i.postId), items.map((i) => i.userId), items.map((i) => i.on), at],
    );
    const found: SmileRow[] = items.map(() => ({ found: false }) as SmileRow);
    for (const { idx, ...row } of rows) found[idx - 1] = { ...(row as SmileFound), found: true };
    found.forEach((row, i) => {
      if (row.found && row.changed) this.#changed(this.db, items[i]!.postId, items[i]!.userId, row);
    });
    return found;
  }

  /**
   * Who smiled at or hummed a post, newest first, leaving out people blocked either way with
   * the viewer. Undefined when the viewer may not see the post.
   */
  async reactors(
    reaction: Reaction,
    postId: string,
    viewerId: string,
    cursor: Cursor | null,
    limit: number,
  ): Promise<ReactorRow[] | undefined> {
    const rows = await this.db.query<{ user: PersonSummary | null; at: Date | null }>(
      `SELECT r.user, r.at FROM posts p
         LEFT JOIN LATERAL (
           SELECT json_build_object('id', u.id, 'username', u.username,
                    'displayName', u.display_name, 'profilePictureUrl', u.profile_picture_url,
                    'isFounder', u.founder_id IS NOT NULL) AS user,
                  x.created_at AS at, x.user_id
             FROM ${TABLE[reaction]} x JOIN users u ON u.id = x.user_id
            WHERE x.post_id = p.id AND u.status <> 'Deleted'
              AND ${notBlockedEitherWay('x.user_id', '$2::uuid')}
              AND ($3::timestamptz IS NULL OR (x.created_at, x.user_id) < ($3::timestamptz, $4::uuid))
            ORDER BY x.created_at DESC, x.user_id DESC LIMIT $5) r ON true
        WHERE p.id = $1 AND ${postVisibleTo('p', '$2::uuid')}
        ORDER BY r.at DESC, r.user_id DESC`,
      [postId, viewerId, cursor?.at ?? null, cursor?.id ?? null, limit + 1],
    );
    if (rows.length === 0) return undefined;
    return rows.flatMap((row) => (row.user && row.at ? [{ user: row.user, at: row.at }] : []));
  }
}
