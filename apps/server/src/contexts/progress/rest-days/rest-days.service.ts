import { REST_DAYS_PER_MONTH, daysBetween, type RestDays } from '@doers/contract';
import type { Database, Queryable } from '../../../db/database.js';
import { badRequest, conflict } from '../../../platform/errors.js';
import type { StreakRecorder } from '../streaks/streak-recorder.js';
import type { StreaksService, StreakInputs } from '../streaks/streaks.service.js';
import { checkInWindow, type LocalNow } from '../streaks/streak-calculator.js';
import type { RestDaysRepository } from './rest-days.repository.js';

/** How far ahead a rest day may be planned. */
const PLAN_AHEAD_DAYS = 42;

/**
 * Up to 2 rest days a month that neither break nor extend a streak
 * (docs/product/check-ins-and-streaks.md). Changing one recomputes the person's figures on every
 * quest, with the same optimistic write as a check-in.
 */
export class RestDaysService {
  constructor(
    private readonly deps: {
      db: Database;
      restDays: RestDaysRepository;
      streaks: StreaksService;
      recorder: StreakRecorder;
    },
  ) {}

  async list(userId: string, now: LocalNow): Promise<RestDays> {
    return summary(await this.deps.restDays.list(userId), now);
  }

  /** A rest day is planned: today or a day in the next six weeks, not one already checked in. */
  async add(userId: string, day: string, now: LocalNow): Promise<RestDays> {
    const ahead = daysBetween(checkInWindow(now).today, day);
    if (ahead < 0 || ahead > PLAN_AHEAD_DAYS) {
      throw badRequest('day: choose today or a day in the next six weeks', [
        { field: 'day', message: 'Choose today or a day in the next six weeks' },
      ]);
    }
    return this.deps.streaks.retryOnStale(async () => {
      const inputs = await this.deps.streaks.streakInputs(userId);
      const days = [...inputs.restDays];
      if (days.includes(day)) return summary(days, now);
      const month = day.slice(0, 7);
      if (days.filter((d) => d.startsWith(month)).length >= REST_DAYS_PER_MONTH)
        throw conflict(`You already have ${REST_DAYS_PER_MONTH} rest days in ${month}`);
      if (inputs.checkIns.some((c) => c.day === day))
        throw conflict('You checked in that day: it cannot be a rest day');
      const next = [...days, day];
      await this.deps.db.transaction(async (tx) => {
        await this.deps.restDays.add(tx, userId, day);
        await this.record(tx, userId, inputs, next, now);
      });
      return summary(next, now);
    });
  }

  async remove(userId: string, day: string, now: LocalNow): Promise<RestDays> {
    return this.deps.streaks.retryOnStale(async () => {
      const inputs = await this.deps.streaks.streakInputs(userId);
      const next = [...inputs.restDays].filter((d) => d !== day);
      if (next.length === inputs.restDays.size) return summary(next, now);
      await this.deps.db.transaction(async (tx) => {
        await this.deps.restDays.remove(tx, userId, day);
        await this.record(tx, userId, inputs, next, now);
      });
      return summary(next, now);
    });
  }

  /** Rest days change runs on every quest the person checked in on, and across them. */
  private async record(
    tx: Queryable,
    userId: string,
    inputs: StreakInputs,
    restDays: string[],
    now: LocalNow,
  ): Promise<void> {
    const after = { ...inputs, restDays: new Set(restDays) };
    const quests = inputs.checkIns.map((c) => c.questId);
    await this.deps.recorder.record(tx, userId, after, now, quests);
  }
}

function summary(days: string[], now: LocalNow): RestDays {
  const sorted = [...days].sort();
  const month = checkInWindow(now).today.slice(0, 7);
  return {
    days: sorted,
    remainingThisMonth: REST_DAYS_PER_MONTH - sorted.filter((d) => d.startsWith(month)).length,
  };
}
