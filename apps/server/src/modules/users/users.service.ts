import type { GetUserResponse, PreferencesRequest, User } from '@doers/contract';
import type { CheckInsRepository } from '../check-ins/check-ins.repository.js';
import { currentStreak } from '../streaks/streak-calculator.js';
import { notFound } from '../../platform/errors.js';
import type { ReferralsService } from '../referrals/referrals.service.js';
import { presentPublicUser, presentUser } from './user.presenter.js';
import type { UsersRepository } from './users.repository.js';

export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly referrals: ReferralsService,
    private readonly checkIns: CheckInsRepository,
  ) {}

  /** The full User for its owner; the public face for anyone else. */
  async getUser(viewerId: string, id: string): Promise<GetUserResponse> {
    const user = await this.users.findById(id);
    if (!user || user.status === 'Deleted') throw notFound('User not found');
    const stats = await this.users.stats(id);
    // The stored figure is the last run; it counts only while it is alive in the person's own day.
    const last =
      stats.last_day && stats.last_zone && stats.last_at
        ? {
            day: stats.last_day,
            zone: stats.last_zone,
            dayStartHour: stats.last_day_start_hour ?? 0,
            at: stats.last_at,
          }
        : null;
    stats.current_streak = currentStreak(
      stats.current_streak,
      last,
      await this.checkIns.restDays(id),
      {
        now: new Date(),
        zone: user.timezone,
        dayStartHour: user.day_start_hour,
      },
    );
    if (viewerId !== id) return presentPublicUser(user, stats);
    const [deviceIds, quota] = await Promise.all([
      this.users.deviceIds(id),
      this.referrals.quota(user),
    ]);
    return presentUser(user, stats, { deviceIds, quota });
  }

  async setPreferences(userId: string, prefs: PreferencesRequest): Promise<User> {
    await this.users.setDayStartHour(userId, prefs.dayStartHour);
    return (await this.getUser(userId, userId)) as User;
  }
}
