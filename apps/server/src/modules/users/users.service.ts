import type { GetUserResponse } from '@doers/contract';
import { notFound } from '../../platform/errors.js';
import type { ReferralsService } from '../referrals/referrals.service.js';
import { presentPublicUser, presentUser } from './user.presenter.js';
import type { UsersRepository } from './users.repository.js';

export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly referrals: ReferralsService,
  ) {}

  /** The full User for its owner; the public face for anyone else. */
  async getUser(viewerId: string, id: string): Promise<GetUserResponse> {
    const user = await this.users.findById(id);
    if (!user || user.status === 'Deleted') throw notFound('User not found');
    const stats = await this.users.stats(id);
    if (viewerId !== id) return presentPublicUser(user, stats);
    const [deviceIds, quota] = await Promise.all([this.users.deviceIds(id), this.referrals.quota(user)]);
    return presentUser(user, stats, { deviceIds, quota });
  }
}
