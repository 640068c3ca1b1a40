import type { MyInvites, ReferredPage, ValidateReferralResponse } from '@doers/contract';
import type { Queryable } from '../../../db/database.js';
import type { Clock } from '../../../platform/clock.js';
import { badRequest, notFound } from '../../../platform/errors.js';
import { decodeCursor, page } from '../../../platform/pagination.js';
import { monthStart, nextMonthStart } from './referral-quota.js';
import type { ReferralsRepository, ReferrerRow } from './referrals.repository.js';

export type ReferralCheck =
  { valid: true; referrer: ReferrerRow } | { valid: false; error: string };

export type ReferralQuota = {
  used: number;
  limit: number;
  resetDate: Date;
  total: number;
  last: Date | null;
};

/** Referral codes and the monthly quota of invites (calendar months in UTC). */
export class ReferralsService {
  constructor(
    private readonly referrals: ReferralsRepository,
    private readonly clock: Clock,
    /** Where invite links point: PUBLIC_URL. */
    private readonly publicUrl: string,
  ) {}

  /** The referral of someone being erased is kept with its date alone. */
  keepErased(tx: Queryable, referredId: string): Promise<void> {
    return this.referrals.keepErased(tx, referredId);
  }

  /** My code, the link my QR code carries, and this month's quota (/qr-code). */
  async mine(userId: string): Promise<MyInvites> {
    const own = await this.referrals.own(userId);
    if (!own) throw notFound('User not found');
    const quota = await this.quota({ id: userId, limitPerMonth: own.limit });
    return {
      referralCode: own.referral_code,
      inviteUrl: `${this.publicUrl}/invite/${own.referral_code}`,
      quota: { used: quota.used, limit: quota.limit, resetDate: quota.resetDate.toISOString() },
      totalReferred: quota.total,
    };
  }

  async referred(
    userId: string,
    query: { cursor?: string | undefined; limit: number },
  ): Promise<ReferredPage> {
    const rows = await this.referrals.referred(userId, decodeCursor(query.cursor), query.limit);
    const { items, nextCursor } = page(rows, query.limit, (r) => r);
    return {
      items: items.map((r) => ({ user: r.user, joinedAt: r.at.toISOString() })),
      nextCursor,
    };
  }

  async quota(user: { id: string; limitPerMonth: number }): Promise<ReferralQuota> {
    const counts = await this.referrals.counts(user.id, this.monthStart());
    return this.quotaOf(counts, user.limitPerMonth);
  }

  /** Since when `used` counts: the start of this calendar month in UTC. */
  monthStart(): Date {
    return monthStart(this.clock.now());
  }

  /** The quota from counts read since `monthStart()` (by a profile read, say). */
  quotaOf(
    counts: { since: number; total: number; last: Date | null },
    limitPerMonth: number,
  ): ReferralQuota {
    return {
      used: counts.since,
      limit: limitPerMonth,
      resetDate: nextMonthStart(this.clock.now()),
      total: counts.total,
      last: counts.last,
    };
  }

  async check(code: string): Promise<ReferralCheck> {
    const referrer = await this.referrals.findReferrer(code.trim());
    if (!referrer || referrer.status !== 'Active')
      return { valid: false, error: 'Invalid referral code' };
    const quota = await this.quota({
      id: referrer.id,
      limitPerMonth: referrer.limit_referrals_per_month,
    });
    if (quota.used >= quota.limit) return { valid: false, error: this.quotaUsedUp(referrer) };
    return { valid: true, referrer };
  }

  /**
   * The quota checked again inside the sign-up's transaction, under a lock per referrer: of two
   * sign-ups on the last free slot, the second gets the same error `check` gives.
   */
  async claimSlot(tx: Queryable, referrer: ReferrerRow): Promise<void> {
    const used = await this.referrals.lockAndCountSince(tx, referrer.id, this.monthStart());
    if (used >= referrer.limit_referrals_per_month) {
      const error = this.quotaUsedUp(referrer);
      throw badRequest(error, [{ field: 'referralCode', message: error }]);
    }
  }

  private quotaUsedUp(referrer: ReferrerRow): string {
    const after = nextMonthStart(this.clock.now()).toISOString().slice(0, 10);
    return (
      `@${referrer.username} has used all of this month's invites. ` +
      `Ask them again after ${after}.`
    );
  }

  async validate(code: string): Promise<ValidateReferralResponse> {
    const result = await this.check(code);
    if (!result.valid) return { valid: false, referrer: null, error: result.error };
    const r = result.referrer;
    return {
      valid: true,
      referrer: {
        id: r.id,
        username: r.username,
        displayName: r.display_name,
        profilePictureUrl: r.profile_picture_url,
        isFounder: r.founder_id !== null,
      },
      error: null,
    };
  }
}
