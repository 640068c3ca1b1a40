import type { PersonSummary } from '@doers/contract';
import type { Queryable } from '../../db/database.js';
import type { Cursor } from '../../platform/pagination.js';
import { notBlockedEitherWay, postVisibleTo } from './post-visibility.js';

export type Reaction = 'smile' | 'hum';

const TABLE = { smile: 'smiles', hum: 'hums' } as const;
const COUNTER = { smile: 'smile_count', hum: 'hum_count' } as const;

/** What a toggle answers: the counts after it, the viewer's marks, and whether it changed. */
export type ToggleRow = {
  changed: boolean;
  smiled: boolean;
  hummed: boolean;
  smile_count: number;
  hum_count: number;
  vibe_count: number;
  comment_count: number;
};

export type ReactorRow = { user: PersonSummary; at: Date };

/** smiles and hums, and their counters on posts, each changed in one statement. */
export class ReactionsRepository {
  constructor(private readonly db: Queryable) {}

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
                 smile_count, hum_count, vibe_count, comment_count`,
      [r.postId, r.userId, r.at, r.on ? 1 : -1, r.on],
    );
    return rows[0]!;
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
