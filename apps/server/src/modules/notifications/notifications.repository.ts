import { randomUUID } from 'node:crypto';
import type { NewNotification } from '@doers/contract';
import type { Queryable } from '../../db/database.js';
import { pendingRequestsFor } from '../sharing/pending-requests.js';

/** Notifications: only the contract's types and payloads are written. */
export class NotificationsRepository {
  constructor(private readonly db: Queryable) {}

  async insert(n: NewNotification): Promise<void> {
    await this.db.query(
      'INSERT INTO notifications (id, user_id, type, actor_id, data) VALUES ($1, $2, $3, $4, $5)',
      [randomUUID(), n.userId, n.type, n.actorId, JSON.stringify(n.data)],
    );
  }

  /** Writes it unless the person already has one of that type with the same data. */
  async insertOnce(n: NewNotification): Promise<void> {
    await this.db.query(
      `INSERT INTO notifications (id, user_id, type, actor_id, data)
       SELECT $1::uuid, $2::uuid, $3::text, $4::uuid, $5::jsonb
        WHERE NOT EXISTS (SELECT 1 FROM notifications
                           WHERE user_id = $2 AND type = $3 AND data = $5::jsonb)`,
      [randomUUID(), n.userId, n.type, n.actorId, JSON.stringify(n.data)],
    );
  }

  /**
   * The badge's figures in one statement: unread notifications, and pending requests to join the
   * person's quests (the sharing module's tables, read only, by its own rule).
   */
  async unreadCounts(userId: string): Promise<{ notifications: number; requests: number }> {
    const rows = await this.db.query<{ notifications: number; requests: number }>(
      `SELECT (SELECT count(*)::int FROM notifications
                WHERE user_id = $1 AND read_at IS NULL) AS notifications,
              ${pendingRequestsFor('$1::uuid')} AS requests`,
      [userId],
    );
    return rows[0]!;
  }
}
