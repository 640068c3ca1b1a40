import type { SetTierRequest, TierGrant } from '@doers/contract';
import { notFound } from '../../../platform/errors.js';
import type { UsersService } from '../../accounts/index.js';
import type { AdminGuard, AdminRight } from './admin-guard.js';

export type GrantChange = { action: 'grant' | 'revoke'; username: string; rights: AdminRight[] };

/** Thrown for an operator's command that cannot be done: the message says why. */
export class AdminCommandError extends Error {}

const RIGHT_NAMES: Record<AdminRight, string> = {
  admin: 'admin access',
  moderation: 'moderation tools',
};

/** Admin calls (each behind the guard) and the operator's grants (`npm run admin`). */
export class AdminService {
  constructor(private readonly deps: { guard: AdminGuard; users: UsersService }) {}

  /**
   * With no payment provider configured, an admin grants a tier: its limits follow, and the
   * person is Exempt from payment.
   */
  async setTier(adminId: string, userId: string, input: SetTierRequest): Promise<TierGrant> {
    await this.deps.guard.require(adminId, 'admin');
    // Granting free takes a grant back: the person is an ordinary unpaid member again.
    const status = input.tier === 'free' ? 'Unpaid' : 'Exempt';
    const row = await this.deps.users.setTier(userId, input.tier, status);
    if (!row || row.status === 'Deleted') throw notFound('User not found');
    return {
      userId: row.id,
      username: row.username,
      supporterTier: row.supporter_tier,
      paymentStatus: row.payment_status,
      limits: {
        quests: row.limit_quests,
        postDuration: row.limit_post_duration,
        dmDuration: row.limit_dm_duration,
        referralsPerMonth: row.limit_referrals_per_month,
      },
    };
  }

  /**
   * Grants or revokes admin rights of one person, for the operator's command; answers what it
   * did in a sentence. Rights go to founders only (they carry them in `founder.permissions`).
   */
  async changeGrants(change: GrantChange): Promise<string> {
    const person = await this.deps.users.findByLogin(change.username);
    if (!person || person.username.toLowerCase() !== change.username.toLowerCase()) {
      throw new AdminCommandError(`No user named ${change.username}`);
    }
    const granting = change.action === 'grant';
    if (granting && person.founder_id === null) {
      throw new AdminCommandError(
        `@${person.username} is not a founder: admin rights go to founders only`,
      );
    }
    const value = granting;
    const row = await this.deps.users.setGrants(person.username, {
      ...(change.rights.includes('admin') ? { admin_access: value } : {}),
      ...(change.rights.includes('moderation') ? { moderation_tools: value } : {}),
    });
    if (!row) throw new AdminCommandError(`No user named ${change.username}`);
    const what = change.rights.map((r) => RIGHT_NAMES[r]).join(' and ');
    const now = [
      row.admin_access && RIGHT_NAMES.admin,
      row.moderation_tools && RIGHT_NAMES.moderation,
    ]
      .filter(Boolean)
      .join(' and ');
    return (
      `${granting ? 'Granted' : 'Revoked'} ${what} ${granting ? 'to' : 'from'} @${row.username}. ` +
      `@${row.username} now has ${now || 'no admin rights'}.`
    );
  }
}
