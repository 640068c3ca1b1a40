import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../../db/database.js';

export type PushSubscriptionRow = {
  id: string;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
};

/** Push subscriptions: one per browser that said yes (migration 015). */
export class PushRepository {
  constructor(private readonly db: Queryable) {}

  /**
   * Saves this browser's subscription for the person, or refreshes it: the endpoint is the
   * browser's, so whoever subscribed it last (signed in there now) owns it, with its new keys.
   */
  async save(s: {
    userId: string;
    sessionId: string;
    endpoint: string;
    p256dh: string;
    auth: string;
    now: Date;
  }): Promise<void> {
    await this.db.query(
      `INSERT INTO push_subscriptions (id, user_id, session_id, endpoint, p256dh, auth, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (endpoint) DO UPDATE
         SET user_id = EXCLUDED.user_id, session_id = EXCLUDED.session_id,
             p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth, failures = 0,
             created_at = CASE WHEN push_subscriptions.user_id = EXCLUDED.user_id
                               THEN push_subscriptions.created_at ELSE EXCLUDED.created_at END`,
      [randomUUID(), s.userId, s.sessionId, s.endpoint, s.p256dh, s.auth, s.now],
    );
  }

  /** Keeps the person's newest `keep` subscriptions: a flood of them cannot grow the table. */
  async keepNewest(userId: string, keep: number): Promise<void> {
    await this.db.query(
      `DELETE FROM push_subscriptions
        WHERE user_id = $1
          AND id NOT IN (SELECT id FROM push_subscriptions WHERE user_id = $1
                          ORDER BY created_at DESC, id LIMIT $2)`,
      [userId, keep],
    );
  }

  /** Only the person's own: someone else's endpoint stays as it is. */
  async removeOwn(userId: string, endpoint: string): Promise<void> {
    await this.db.query('DELETE FROM push_subscriptions WHERE user_id = $1 AND endpoint = $2', [
      userId,
      endpoint,
    ]);
  }

  async removeOfSession(userId: string, sessionId: string): Promise<void> {
    await this.db.query('DELETE FROM push_subscriptions WHERE user_id = $1 AND session_id = $2', [
      userId,
      sessionId,
    ]);
  }

  async remove(id: string): Promise<void> {
    await this.db.query('DELETE FROM push_subscriptions WHERE id = $1', [id]);
  }

  async idsOf(userId: string): Promise<string[]> {
    const rows = await this.db.query<{ id: string }>(
      'SELECT id FROM push_subscriptions WHERE user_id = $1 ORDER BY created_at',
      [userId],
    );
    return rows.map((r) => r.id);
  }

  /** The device, unless this notification was sent to it already (`sent`). */
  async find(
    id: string,
    notificationId: string,
  ): Promise<(PushSubscriptionRow & { sent: boolean }) | undefined> {
    const rows = await this.db.query<PushSubscriptionRow & { sent: boolean }>(
      `SELECT id, user_id, endpoint, p256dh, auth,
              EXISTS (SELECT 1 FROM push_sends s
                       WHERE s.notification_id = $2 AND s.subscription_id = $1) AS sent
         FROM push_subscriptions WHERE id = $1`,
      [id, notificationId],
    );
    return rows[0];
  }

  /** The push service took the notification for this device: it is not sent there again. */
  async recordSuccess(id: string, notificationId: string, at: Date): Promise<void> {
    await this.db.query(
      `WITH sent AS (
         INSERT INTO push_sends (notification_id, subscription_id, sent_at)
         SELECT $2, $1, $3 WHERE EXISTS (SELECT 1 FROM notifications WHERE id = $2)
         ON CONFLICT DO NOTHING)
       UPDATE push_subscriptions SET last_success_at = $3, failures = 0 WHERE id = $1`,
      [id, notificationId, at],
    );
  }

  async recordFailure(id: string): Promise<void> {
    await this.db.query('UPDATE push_subscriptions SET failures = failures + 1 WHERE id = $1', [
      id,
    ]);
  }
}
