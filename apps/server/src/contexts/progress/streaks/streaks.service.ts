import type { Day } from '@doers/contract';
import type { Queryable } from '../../../db/database.js';
import { conflict } from '../../../platform/errors.js';
import { crownMayMove } from './goat.js';
import {
  FROM_FIRST_MARK,
  foldFrom,
  summaryOf,
  type DayMark,
  type LocalNow,
  type StreakCheckpoint,
  type StreakSummary,
} from './streak-calculator.js';
import type {
  CheckInRow,
  SavedStreak,
  StreaksRepository,
  UserStreakFigures,
} from './streaks.repository.js';
import { weekFigures } from './week.js';

/** A check-in as the figures (and the quest view) see it: the day as lived, and what was done. */
export type CheckIn = DayMark & {
  id: string;
  questId: string;
  taskIds: string[];
  late: boolean;
  createdAt: Date;
};

/**
 * Where a person's walks over their check-ins start: their own checkpoint, and each quest's
 * (FROM_FIRST_MARK where none is kept, or when every check-in was read).
 */
export type StreakStarts = {
  user: StreakCheckpoint;
  quests: ReadonlyMap<string, StreakCheckpoint>;
};

/** Every check-in read: the walks start at the first one. */
export const FROM_THE_START: StreakStarts = { user: FROM_FIRST_MARK, quests: new Map() };

/**
 * Everything a person's streak figures are computed from, read at `version`: their check-ins
 * since the earliest of the checkpoints in `from` (all of them when it is FROM_THE_START).
 */
export type StreakInputs = {
  checkIns: CheckIn[];
  restDays: ReadonlySet<Day>;
  version: number;
  from: StreakStarts;
};

/** Another change to the person's figures committed between reading and writing them. */
export class StaleStreakError extends Error {}

const ATTEMPTS = 5;

/**
 * A person's streak figures across their quests, and the GOAT they may crown. Writes are
 * optimistic: they read the inputs and the version without a lock and save only if the version
 * is unchanged, retrying otherwise (docs/decisions/0007-clock-events-and-cheap-writes.md).
 */
export class StreaksService {
  constructor(private readonly figures: StreaksRepository) {}

  async streakInputs(userId: string, tx?: Queryable): Promise<StreakInputs> {
    const row = await this.figures.streakInputs(userId, tx);
    return {
      checkIns: row.check_ins.map(toCheckIn),
      restDays: new Set(row.rest_days),
      version: row.version,
      from: FROM_THE_START,
    };
  }

  /**
   * The person's run across all their quests (a day counts once however many quests were
   * checked in) and the rest of their streak figures, computed from `inputs`, not saved.
   */
  streakFigures(inputs: StreakInputs, now: LocalNow): UserStreakFigures {
    const { fold, checkpoint } = foldFrom(inputs.from.user, inputs.checkIns, inputs.restDays, now);
    // The marks read reach further back than this week's Monday (CHECKPOINT_LAG_DAYS).
    const week = weekFigures(inputs.checkIns, now);
    const last = fold.previous;
    return {
      ...summaryOf(fold, inputs.restDays, now),
      totalCheckIns: fold.checkIns,
      weekStart: week.weekStart,
      weekCheckIns: week.checkIns,
      last: last && {
        day: last.day,
        zone: last.zone,
        dayStartHour: last.dayStartHour,
        at: last.at,
      },
      checkpoint,
    };
  }

  /**
   * Recomputes and saves the person's streak figures. Throws StaleStreakError when the inputs
   * are out of date.
   */
  async recordStreak(
    tx: Queryable,
    userId: string,
    inputs: StreakInputs,
    now: LocalNow,
  ): Promise<StreakSummary> {
    const figures = this.streakFigures(inputs, now);
    await this.saveStreak(tx, userId, figures, inputs.version);
    return figures;
  }

  /**
   * Saves the figures if they are still at `version` (StaleStreakError otherwise), and looks for
   * the GOAT again when they may have moved the crown.
   */
  async saveStreak(
    tx: Queryable,
    userId: string,
    figures: UserStreakFigures,
    version: number,
  ): Promise<void> {
    const saved = await this.figures.saveStreak(tx, userId, figures, version);
    if (!saved) throw new StaleStreakError();
    if (this.mayMoveCrown(userId, saved, figures.longestStreak)) await this.figures.refreshGoat(tx);
  }

  /**
   * After a save outside a transaction (a check-in's): looks for the GOAT again when the save
   * may have moved the crown, in one look with the other saves of the moment.
   */
  async crownAfter(userId: string, saved: SavedStreak, longestStreak: number): Promise<void> {
    if (this.mayMoveCrown(userId, saved, longestStreak)) await this.figures.lookForGoat();
  }

  /** Whether a save (`saved`, leaving `longestStreak`) may have moved the crown (goat.ts). */
  private mayMoveCrown(userId: string, saved: SavedStreak, longestStreak: number): boolean {
    const { goat } = saved;
    return crownMayMove({
      before: saved.previous_longest,
      after: longestStreak,
      isGoat: saved.is_goat,
      offBoard: saved.off_board,
      joinedAt: saved.created_at,
      userId,
      goat: goat && { id: goat.id, longest: goat.longest, joinedAt: new Date(goat.joinedAt) },
    });
  }

  /** Someone joined, left or hid from the boards: the GOAT may be someone else now. */
  refreshGoat(tx: Queryable): Promise<void> {
    return this.figures.refreshGoat(tx);
  }

  /** Reads the inputs inside `tx` and records them (after check-ins vanished with a quest). */
  async recomputeStreak(tx: Queryable, userId: string, now: LocalNow): Promise<void> {
    await this.recordStreak(tx, userId, await this.streakInputs(userId, tx), now);
  }

  /** Runs `attempt` again while another change to the same person's figures gets in between. */
  async retryOnStale<T>(attempt: () => Promise<T>): Promise<T> {
    for (let i = 1; ; i++) {
      try {
        return await attempt();
      } catch (error) {
        if (!(error instanceof StaleStreakError)) throw error;
        if (i >= ATTEMPTS) throw conflict('Your streak changed meanwhile. Please try again.');
      }
    }
  }
}

export function toCheckIn(r: CheckInRow): CheckIn {
  return {
    id: r.id,
    questId: r.quest_id,
    day: r.day,
    zone: r.zone,
    dayStartHour: r.day_start_hour,
    at: r.anchor_at,
    taskIds: r.task_ids,
    late: r.late,
    createdAt: r.created_at,
  };
}
