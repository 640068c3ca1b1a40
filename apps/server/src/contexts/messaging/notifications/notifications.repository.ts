import type { Queryable } from '../../../db/database.js';
import { unreadConversationsFor } from '../dms/unread-conversations.js';
import { pendingRequestsFor } from '../../social/index.js';

/** The badge's figures; notifications and their lines are written by notification-lines. */
export class NotificationsRepository {
  constructor(private readonly db: Queryable) {}

  /**
   * The badge's figures in one statement: unread notifications, pending requests to join the
   * person's quests (the sharing module's tables, read only, by its own rule), and conversations
   * holding an unread message (the dms module's rule).
   */
  async unreadCounts(
    userId: string,
  ): Promise<{ notifications: number; requests: number; dms: number }> {
    const rows = await this.db.query<{ notifications: number; requests: number; dms: number }>(
      `SELECT (SELECT count(*)::int FROM notification_folds
                WHERE user_id = $1 AND read_at IS NULL) AS notifications,
              ${pendingRequestsFor('$1::uuid')} AS requests,
              ${unreadConversationsFor('$1::uuid')} AS dms`,
      [userId],
    );
    return rows[0]!;
  }
}
