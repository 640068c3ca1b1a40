import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../../db/database.js';
import type { Cursor } from '../../../platform/pagination.js';

export type QuestRequestRow = {
  id: string;
  quest_id: string;
  user_id: string;
  status: 'pending' | 'accepted' | 'declined';
  created_at: Date;
  decided_at: Date | null;
};

/** Requests to join a quest that needs the owner's approval. */
export class QuestRequestsRepository {
  constructor(private readonly db: Queryable) {}

  /** Creates a pending request, or returns the one already pending (`created` false). */
  async request(
    questId: string,
    userId: string,
  ): Promise<{ row: QuestRequestRow; created: boolean }> {
    const rows = await this.db.query<QuestRequestRow>(
      `INSERT INTO quest_requests (id, quest_id, user_id) VALUES ($1, $2, $3)
       ON CONFLICT (quest_id, user_id) WHERE status = 'pending' DO NOTHING RETURNING *`,
      [randomUUID(), questId, userId],
    );
    if (rows[0]) return { row: rows[0], created: true };
    const existing = await this.db.query<QuestRequestRow>(
      `SELECT * FROM quest_requests WHERE quest_id = $1 AND user_id = $2 AND status = 'pending'`,
      [questId, userId],
    );
    return { row: existing[0]!, created: false };
  }

  /** Someone who joined no longer waits for an answer. */
  async closePending(tx: Queryable, questId: string, userId: string): Promise<void> {
    await tx.query(
      `UPDATE quest_requests SET status = 'accepted', decided_at = now()
        WHERE quest_id = $1 AND user_id = $2 AND status = 'pending'`,
      [questId, userId],
    );
  }

  async find(id: string): Promise<QuestRequestRow | undefined> {
    return (
      await this.db.query<QuestRequestRow>('SELECT * FROM quest_requests WHERE id = $1', [id])
    )[0];
  }

  /** Decides a pending request; false when it was no longer pending. */
  async decide(tx: Queryable, id: string, status: 'accepted' | 'declined'): Promise<boolean> {
    const rows = await tx.query(
      `UPDATE quest_requests SET status = $2, decided_at = now()
        WHERE id = $1 AND status = 'pending' RETURNING id`,
      [id, status],
    );
    return rows.length === 1;
  }

  /** Pending requests to join quests this person owns, newest first. */
  async pendingForOwner(
    ownerId: string,
    cursor: Cursor | null,
    limit: number,
  ): Promise<(QuestRequestRow & { title: string; emoji: string })[]> {
    return this.db.query(
      `SELECT r.*, q.title, q.emoji FROM quest_requests r JOIN quests q ON q.id = r.quest_id
        WHERE q.owner_id = $1 AND r.status = 'pending' AND q.status = 'active'
          AND ($2::timestamptz IS NULL OR (r.created_at, r.id) < ($2::timestamptz, $3::uuid))
        ORDER BY r.created_at DESC, r.id DESC LIMIT $4`,
      [ownerId, cursor?.at ?? null, cursor?.id ?? null, limit + 1],
    );
  }
}
