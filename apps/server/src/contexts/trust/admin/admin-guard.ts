import { forbidden } from '../../../platform/errors.js';
import type { UsersService } from '../../accounts/index.js';

export type AdminRight = 'admin' | 'moderation';

const REFUSALS: Record<AdminRight, string> = {
  admin: 'You need admin access for this',
  moderation: 'You need moderation tools for this',
};

/**
 * The check in front of every admin or moderation call. It reads the grant from the database
 * each time, never from a token or a cache, so a revoke counts at the very next call. Being a
 * founder grants nothing here (docs/product/referrals-and-founders.md#admin-rights).
 */
export class AdminGuard {
  constructor(private readonly users: UsersService) {}

  async require(userId: string, right: AdminRight): Promise<void> {
    const grants = await this.users.grantsOf(userId);
    const granted =
      grants?.status === 'Active' &&
      (right === 'admin' ? grants.admin_access : grants.moderation_tools);
    if (!granted) throw forbidden(REFUSALS[right]);
  }
}
