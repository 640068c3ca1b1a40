import type { ValidateReferralResponse } from '@doers/contract';
import type { Clock } from '../../platform/clock.js';
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
  ) {}

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
    if (quota.used >= quota.limit) {
      const after = quota.resetDate.toISOString().slice(0, 10);
      return {
        valid: false,
        error:
          `@${referrer.username} has used all of this month's invites. ` +
          `Ask them again after ${after}.`,
      };
    }
    return { valid: true, referrer };
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
