import type { ValidateReferralResponse } from '@doers/contract';
import type { UserRow, UsersRepository } from '../users/users.repository.js';
import { monthStart, nextMonthStart } from './referral-quota.js';

export type ReferralCheck = { valid: true; referrer: UserRow } | { valid: false; error: string };

export class ReferralsService {
  constructor(
    private readonly users: UsersRepository,
    private readonly now: () => Date,
  ) {}

  async quota(
    user: UserRow,
  ): Promise<{ used: number; limit: number; resetDate: Date; total: number; last: Date | null }> {
    const now = this.now();
    const counts = await this.users.referralCounts(user.id, monthStart(now));
    return {
      used: counts.since,
      limit: user.limit_referrals_per_month,
      resetDate: nextMonthStart(now),
      total: counts.total,
      last: counts.last,
    };
  }

  async check(code: string): Promise<ReferralCheck> {
    const referrer = await this.users.findByReferralCode(code.trim());
    if (!referrer || referrer.status !== 'Active')
      return { valid: false, error: 'Invalid referral code' };
    const quota = await this.quota(referrer);
    if (quota.used >= quota.limit) {
      return {
        valid: false,
        error: `@${referrer.username} has used all of this month's invites. Ask them again after ${quota.resetDate.toISOString().slice(0, 10)}.`,
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
