import type { PaidTier, SubscriptionStatus } from '@doers/contract';
import type { Queryable } from '../../../db/database.js';

export type SubscriptionRow = {
  user_id: string;
  provider: string;
  customer_id: string;
  subscription_id: string;
  tier: PaidTier;
  status: SubscriptionStatus;
  period_end: Date | null;
  updated_at: Date;
};

/** subscriptions and payment_events: what the provider told us, each event once. */
export class BillingRepository {
  constructor(private readonly db: Queryable) {}

  async ofUser(userId: string, tx: Queryable = this.db): Promise<SubscriptionRow | undefined> {
    const rows = await tx.query<SubscriptionRow>('SELECT * FROM subscriptions WHERE user_id = $1', [
      userId,
    ]);
    return rows[0];
  }

  async bySubscriptionId(tx: Queryable, id: string): Promise<SubscriptionRow | undefined> {
    const rows = await tx.query<SubscriptionRow>(
      'SELECT * FROM subscriptions WHERE subscription_id = $1 FOR UPDATE',
      [id],
    );
    return rows[0];
  }

  /** Records an event's id; false when it was recorded before (a redelivery: do nothing). */
  async firstTime(tx: Queryable, e: { id: string; type: string }, at: Date): Promise<boolean> {
    const rows = await tx.query(
      `INSERT INTO payment_events (id, type, received_at) VALUES ($1, $2, $3)
       ON CONFLICT (id) DO NOTHING RETURNING id`,
      [e.id, e.type, at],
    );
    return rows.length > 0;
  }

  /** A person's subscription as the provider last described it (one per person: the latest). */
  async save(
    tx: Queryable,
    s: Omit<SubscriptionRow, 'period_end'> & { period_end?: Date | null },
  ): Promise<void> {
    await tx.query(
      `INSERT INTO subscriptions
         (user_id, provider, customer_id, subscription_id, tier, status, period_end, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (user_id) DO UPDATE SET provider = $2, customer_id = $3,
         subscription_id = $4, tier = $5, status = $6,
         period_end = CASE WHEN $9 THEN $7 ELSE subscriptions.period_end END, updated_at = $8`,
      [
        s.user_id,
        s.provider,
        s.customer_id,
        s.subscription_id,
        s.tier,
        s.status,
        s.period_end ?? null,
        s.updated_at,
        s.period_end !== undefined,
      ],
    );
  }

  async setStatus(
    tx: Queryable,
    subscriptionId: string,
    status: SubscriptionStatus,
    at: Date,
  ): Promise<void> {
    await tx.query(
      'UPDATE subscriptions SET status = $2, updated_at = $3 WHERE subscription_id = $1',
      [subscriptionId, status, at],
    );
  }

  /** Subscriptions whose paid period is over while they were cancelling or overdue. */
  ended(now: Date): Promise<SubscriptionRow[]> {
    return this.db.query<SubscriptionRow>(
      `SELECT * FROM subscriptions
        WHERE status IN ('cancelling', 'past_due') AND (period_end IS NULL OR period_end <= $1)
        LIMIT 500`,
      [now],
    );
  }
}
