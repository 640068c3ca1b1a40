import type { PersonSummary } from '@doers/contract';
import type { Queryable } from '../../../db/database.js';
import type { Cursor } from '../../../platform/pagination.js';

/** Who a referral code belongs to, as far as inviting someone goes. */
export type ReferrerRow = {
  id: string;
  username: string;
  display_name: string;
  profile_picture_url: string | null;
  founder_id: number | null;
  status: 'Active' | 'Suspended' | 'Deleted';
  limit_referrals_per_month: number;
};

/**
 * Reads referral codes and who was referred by whom. Both live on the users table, which the
 * users module writes (a code when the account is made, `referred_by` at sign-up).
 */
export class ReferralsRepository {
  constructor(private readonly db: Queryable) {}

  async findReferrer(code: string): Promise<ReferrerRow | undefined> {
    const rows = await this.db.query<ReferrerRow>(
      `SELECT id, username, display_name, profile_picture_url, founder_id, status,
              limit_referrals_per_month
         FROM users WHERE referral_code = upper($1)`,
      [code],
    );
    return rows[0];
  }

  /**
   * Inside a sign-up's transaction: waits for any other sign-up on the same referrer to commit,
   * then counts their referrals since `since`, so two sign-ups cannot both take the last slot.
   */
  async lockAndCountSince(tx: Queryable, referrerId: string, since: Date): Promise<number> {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('referrals:' || $1))`, [referrerId]);
    const rows = await tx.query<{ since: number }>(
      `SELECT (SELECT count(*) FROM users WHERE referred_by = $1 AND created_at >= $2)
            + (SELECT count(*) FROM erased_referrals WHERE referrer_id = $1 AND joined_at >= $2)
              AS since`,
      [referrerId, since],
    );
    return rows[0]!.since;
  }

  /** Referrals made since `since`, in all, and the latest. */
  async counts(
    userId: string,
    since: Date,
  ): Promise<{ since: number; total: number; last: Date | null }> {
    const rows = await this.db.query<{ since: number; total: number; last: Date | null }>(
      `SELECT count(*) FILTER (WHERE at >= $2)::int AS since, count(*)::int AS total,
              max(at) AS last
         FROM (SELECT created_at AS at FROM users WHERE referred_by = $1
               UNION ALL
               SELECT joined_at FROM erased_referrals WHERE referrer_id = $1) r`,
      [userId, since],
    );
    return rows[0]!;
  }

  /**
   * Someone who joined with a referrer's code is being erased: the referral is kept with its
   * date alone (migration 024), so the referrer's counts do not change.
   */
  async keepErased(tx: Queryable, referredId: string): Promise<void> {
    await tx.query(
      `INSERT INTO erased_referrals (referrer_id, joined_at)
       SELECT referred_by, created_at FROM users WHERE id = $1 AND referred_by IS NOT NULL`,
      [referredId],
    );
  }

  /** My own code and monthly limit. */
  async own(userId: string): Promise<{ referral_code: string; limit: number } | undefined> {
    const rows = await this.db.query<{ referral_code: string; limit: number }>(
      'SELECT referral_code, limit_referrals_per_month AS limit FROM users WHERE id = $1',
      [userId],
    );
    return rows[0];
  }

  /** The people who joined with my code, newest first (`limit + 1` rows), deleted ones left out. */
  async referred(
    userId: string,
    cursor: Cursor | null,
    limit: number,
  ): Promise<{ user: PersonSummary; at: Date; id: string }[]> {
    return this.db.query(
      `SELECT json_build_object('id', u.id, 'username', u.username,
                'displayName', u.display_name, 'profilePictureUrl', u.profile_picture_url,
                'isFounder', u.founder_id IS NOT NULL) AS user,
              u.created_at AS at, u.id
         FROM users u
        WHERE u.referred_by = $1 AND u.status <> 'Deleted'
          AND ($2::timestamptz IS NULL OR (u.created_at, u.id) < ($2::timestamptz, $3::uuid))
        ORDER BY u.created_at DESC, u.id DESC LIMIT $4`,
      [userId, cursor?.at ?? null, cursor?.id ?? null, limit + 1],
    );
  }
}
