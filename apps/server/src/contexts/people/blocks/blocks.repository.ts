import type { PersonSummary } from '@doers/contract';
import type { Queryable } from '../../../db/database.js';
import type { Cursor } from '../../../platform/pagination.js';
import { notBlockedBetween } from './block-filter.js';

/** One of the people someone blocked, for their list in settings. */
export type BlockedRow = { person: PersonSummary; created_at: Date };

/** Who blocked whom: the blocks table (migration 010), written here only. */
export class BlocksRepository {
  constructor(private readonly db: Queryable) {}

  /** The person's status, or undefined when there is no such person (users is read only). */
  async statusOf(userId: string): Promise<string | undefined> {
    const rows = await this.db.query<{ status: string }>('SELECT status FROM users WHERE id = $1', [
      userId,
    ]);
    return rows[0]?.status;
  }

  /**
   * Holds the pair (in either order) until the transaction ends: a block and a vibe between the
   * same two people run one after the other, so no vibing starts beside a block committing.
   */
  async lockPair(tx: Queryable, a: string, b: string): Promise<void> {
    const [low, high] = a < b ? [a, b] : [b, a];
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('blocks:' || $1 || ':' || $2))`, [
      low,
      high,
    ]);
  }

  /** True when the block is new; false when it was already there. */
  async insert(tx: Queryable, blockerId: string, blockedId: string, at: Date): Promise<boolean> {
    const rows = await tx.query<{ blocker_id: string }>(
      `INSERT INTO blocks (blocker_id, blocked_id, created_at) VALUES ($1, $2, $3)
       ON CONFLICT DO NOTHING RETURNING blocker_id`,
      [blockerId, blockedId, at],
    );
    return rows.length > 0;
  }

  /** True when there was a block to lift. */
  async remove(blockerId: string, blockedId: string): Promise<boolean> {
    const rows = await this.db.query<{ blocker_id: string }>(
      'DELETE FROM blocks WHERE blocker_id = $1 AND blocked_id = $2 RETURNING blocker_id',
      [blockerId, blockedId],
    );
    return rows.length > 0;
  }

  async eitherWay(db: Queryable, a: string, b: string): Promise<boolean> {
    const rows = await db.query<{ blocked: boolean }>(
      `SELECT NOT ${notBlockedBetween('$1::uuid', '$2::uuid')} AS blocked`,
      [a, b],
    );
    return rows[0]!.blocked;
  }

  /** The people `blockerId` blocked, newest first (the primary key's prefix finds them). */
  async blockedBy(blockerId: string, cursor: Cursor | null, limit: number): Promise<BlockedRow[]> {
    return this.db.query<BlockedRow>(
      // Cursors hold milliseconds; created_at comes from the clock, which has no more.
      `SELECT b.created_at,
              json_build_object('id', u.id, 'username', u.username,
                'displayName', u.display_name, 'profilePictureUrl', u.profile_picture_url,
                'isFounder', u.founder_id IS NOT NULL) AS person
         FROM blocks b JOIN users u ON u.id = b.blocked_id
        WHERE b.blocker_id = $1 AND u.status <> 'Deleted'
          AND ($2::timestamptz IS NULL OR (b.created_at, b.blocked_id) < ($2::timestamptz, $3::uuid))
        ORDER BY b.created_at DESC, b.blocked_id DESC LIMIT $4`,
      [blockerId, cursor?.at ?? null, cursor?.id ?? null, limit + 1],
    );
  }
}
