import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database.js';

export type NotificationType =
  | 'vibe'
  | 'referral_joined'
  | 'quest_request'
  | 'quest_request_accepted'
  | 'quest_joined'
  | 'streak_milestone';

export class NotificationsRepository {
  constructor(private readonly db: Queryable) {}

  async insert(
    n: {
      userId: string;
      type: NotificationType;
      actorId: string | null;
      data?: Record<string, unknown>;
    },
    tx: Queryable = this.db,
  ): Promise<void> {
    await tx.query(
      'INSERT INTO notifications (id, user_id, type, actor_id, data) VALUES ($1, $2, $3, $4, $5)',
      [randomUUID(), n.userId, n.type, n.actorId, JSON.stringify(n.data ?? {})],
    );
  }

  async hasMilestone(userId: string, questId: string, days: number, day: string): Promise<boolean> {
    const rows = await this.db.query(
      `SELECT 1 FROM notifications WHERE user_id = $1 AND type = 'streak_milestone'
         AND data->>'questId' = $2 AND (data->>'days')::int = $3 AND data->>'day' = $4 LIMIT 1`,
      [userId, questId, days, day],
    );
    return rows.length > 0;
  }

  async countUnread(userId: string): Promise<number> {
    const rows = await this.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND read_at IS NULL',
      [userId],
    );
    return rows[0]!.n;
  }
}
