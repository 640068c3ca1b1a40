import type { UserStats } from '@doers/contract';
import type { Queryable } from '../../../db/database.js';
import { conflict } from '../../../platform/errors.js';
import type { Day } from '@doers/contract';
import {
  FROM_FIRST_MARK,
  currentStreak,
  foldFrom,
  lastMarkOf,
  summaryOf,
  type DayMark,
  type LocalNow,
  type StreakCheckpoint,
  type StreakSummary,
} from '../streaks/streak-calculator.js';
import { weekFigures } from '../streaks/week.js';
import { crownMayMove } from './goat.js';
import type {
  CheckInRow,
  SavedStreak,
  StatsRepository,
  StatsRow,
  UserStreakFigures,
} from './stats.repository.js';

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
 * A person's figures (user_stats). Streak writes are optimistic: they read the inputs and the
 * version without a lock and save only if the version is unchanged, retrying otherwise
 * (docs/decisions/0007-clock-events-and-cheap-writes.md).
 */
export class StatsService {
  constructor(private readonly stats: StatsRepository) {}

  create(tx: Queryable, userId: string): Promise<void> {
    return this.stats.create(tx, userId);
  }

  lock(tx: Queryable, userId: string): Promise<void> {
    return this.stats.lock(tx, userId);
  }

  /**
   * The public figures, from a row read with the person's rest days (a profile in one read):
   * the current streak counts only while alive in the person's own day.
   */
  figuresOf(row: StatsRow & { rest_days: string[] }, now: LocalNow): UserStats {
    const last = lastMarkOf(row);
    return presentStats(row, currentStreak(row.current_streak, last, new Set(row.rest_days), now));
  }

  async streakInputs(userId: string, tx?: Queryable): Promise<StreakInputs> {
    const row = await this.stats.streakInputs(userId, tx);
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
    const saved = await this.stats.saveStreak(tx, userId, figures, version);
    if (!saved) throw new StaleStreakError();
    if (this.mayMoveCrown(userId, saved, figures.longestStreak)) await this.stats.refreshGoat(tx);
  }

  /** Whether a save (`saved`, leaving `longestStreak`) may have moved the crown (goat.ts). */
  mayMoveCrown(userId: string, saved: SavedStreak, longestStreak: number): boolean {
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
    return this.stats.refreshGoat(tx);
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

  refreshQuestCounts(tx: Queryable, userIds: string[]): Promise<void> {
    return this.stats.refreshQuestCounts(tx, [...new Set(userIds)]);
  }

  countVibe(tx: Queryable, senderId: string, targetId: string, started: boolean): Promise<void> {
    return this.stats.countVibe(tx, senderId, targetId, started);
  }

  /** A post written (+1) or deleted (-1). */
  countPost(tx: Queryable, authorId: string, delta: 1 | -1): Promise<void> {
    return this.stats.countPost(tx, authorId, delta);
  }

  /** A smile, hum or comment on `authorId`'s post by `userId`, given (+1) or taken back (-1). */
  countReaction(
    tx: Queryable,
    r: { kind: 'smile' | 'hum' | 'comment'; authorId: string; userId: string; delta: 1 | -1 },
  ): Promise<void> {
    return this.stats.countReaction(tx, r);
  }

  /** A deleted post: its figures go from its author's and its smilers' stats. */
  countPostRemoved(
    tx: Queryable,
    p: { authorId: string; smiles: number; hums: number; interactions: number; smilers: string[] },
  ): Promise<void> {
    return this.stats.countPostRemoved(tx, p);
  }

  /** `userId` stopped vibing with `targetId` (the target removed them as a viber). */
  countVibingEnded(tx: Queryable, userId: string, targetId: string): Promise<void> {
    return this.stats.countVibingEnded(tx, userId, targetId);
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

function presentStats(s: StatsRow, current: number): UserStats {
  return {
    activeQuests: s.active_quests,
    completedQuests: s.completed_quests,
    currentStreak: current,
    longestStreak: s.longest_streak,
    totalCheckIns: s.total_check_ins,
    totalPosts: s.total_posts,
    totalSmiles: s.total_smiles,
    totalVibes: s.total_vibes,
    totalVibers: s.total_vibers,
    totalVibingWith: s.total_vibing_with,
    totalCompletedQuests: s.total_completed_quests,
    totalSmilesSent: s.total_smiles_sent,
    totalHums: s.total_hums,
    totalPostInteractions: s.total_post_interactions,
  };
}
