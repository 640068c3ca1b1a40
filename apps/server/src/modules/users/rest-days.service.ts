import { REST_DAYS_PER_MONTH, type RestDays } from '@doers/contract';
import type { Database, Queryable } from '../../db/database.js';
import { badRequest, conflict } from '../../platform/errors.js';
import type { CheckInsRepository } from '../check-ins/check-ins.repository.js';
import type { StreakRecorder } from '../check-ins/streak-recorder.js';
import { daysBetween } from '../streaks/local-day.js';
import { checkInWindow, type Clock } from '../streaks/streak-calculator.js';
import type { UsersRepository } from './users.repository.js';

/** Up to 2 rest days a month that neither break nor extend a streak (PRODUCT.md §4). */
export class RestDaysService {
  constructor(
    private readonly deps: {
      db: Database;
      users: UsersRepository;
      checkIns: CheckInsRepository;
      recorder: StreakRecorder;
    },
  ) {}

  async list(userId: string, clock: Clock, tx: Queryable = this.deps.db): Promise<RestDays> {
    const days = [...(await this.deps.checkIns.restDays(userId, tx))].sort();
    const month = checkInWindow(clock).today.slice(0, 7);
    return {
      days,
      remainingThisMonth: REST_DAYS_PER_MONTH - days.filter((d) => d.startsWith(month)).length,
    };
  }

  /** A rest day is planned: today or a day in the next six weeks, not one already checked in. */
  async add(userId: string, day: string, clock: Clock): Promise<RestDays> {
    const ahead = daysBetween(checkInWindow(clock).today, day);
    if (ahead < 0 || ahead > 42) {
      throw badRequest('day: choose today or a day in the next six weeks', [
        { field: 'day', message: 'Choose today or a day in the next six weeks' },
      ]);
    }
    return this.deps.db.transaction(async (tx) => {
      await this.deps.users.lockStats(tx, userId);
      const current = await this.list(userId, clock, tx);
      if (current.days.includes(day)) return current;
      const sameMonth = current.days.filter((d) => d.slice(0, 7) === day.slice(0, 7)).length;
      if (sameMonth >= REST_DAYS_PER_MONTH)
        throw conflict(`You already have ${REST_DAYS_PER_MONTH} rest days in ${day.slice(0, 7)}`);
      const checked = await tx.query(
        'SELECT 1 FROM check_ins WHERE user_id = $1 AND day = $2 LIMIT 1',
        [userId, day],
      );
      if (checked.length) throw conflict('You checked in that day: it cannot be a rest day');
      await this.deps.checkIns.addRestDay(tx, userId, day);
      await this.recordEverything(tx, userId, clock);
      return this.list(userId, clock, tx);
    });
  }

  async remove(userId: string, day: string, clock: Clock): Promise<RestDays> {
    return this.deps.db.transaction(async (tx) => {
      await this.deps.users.lockStats(tx, userId);
      await this.deps.checkIns.removeRestDay(tx, userId, day);
      await this.recordEverything(tx, userId, clock);
      return this.list(userId, clock, tx);
    });
  }

  /** Rest days change runs on every quest the person is on. */
  private async recordEverything(tx: Queryable, userId: string, clock: Clock): Promise<void> {
    const quests = await tx.query<{ quest_id: string }>(
      'SELECT quest_id FROM quest_participants WHERE user_id = $1',
      [userId],
    );
    for (const q of quests)
      await this.deps.recorder.recordParticipant(tx, q.quest_id, userId, clock);
    await this.deps.recorder.recordUser(tx, userId, clock);
  }
}
