import type { StreakFigures } from '@doers/contract';
import type { Queryable } from '../../../db/database.js';
import {
  FROM_FIRST_MARK,
  currentStreak,
  foldFrom,
  lastMarkOf,
  summaryOf,
  type LocalNow,
  type StreakSummary,
} from './streak-calculator.js';
import type { ParticipantStreak } from '../quests/quest-rows.js';
import { checkpointToJson } from './streak-checkpoint.js';
import type { StreaksRepository, UserStreakFigures } from './streaks.repository.js';
import type { StreakInputs, StreaksService } from './streaks.service.js';

/** A participant's figures on a quest as of now: the stored run counts while it is alive. */
export function participantFigures(
  p: ParticipantStreak,
  restDays: ReadonlySet<string>,
  now: LocalNow,
): StreakFigures {
  return {
    currentStreak: currentStreak(p.run_length, lastMarkOf(p), restDays, now),
    longestStreak: p.longest_streak,
    totalCheckIns: p.total_check_ins,
  };
}

export type RecordedStreaks = {
  quests: Map<string, { stored: ParticipantStreak; summary: StreakSummary }>;
  user: StreakSummary;
};

/** Streak figures computed after a change, to save: the given quests' and the person's. */
export type FiguresToSave = RecordedStreaks & { user: UserStreakFigures };

/**
 * Recomputes streak figures from the check-ins themselves after every change (check-in, late
 * check-in, undo, rest day), so they can never drift from what happened: the person's figures
 * on each given quest, and across all their quests, each walked from its checkpoint over the
 * check-ins after it. Throws StaleStreakError when `inputs` are out of date.
 */
export class StreakRecorder {
  constructor(private readonly deps: { repository: StreaksRepository; figures: StreaksService }) {}

  async record(
    tx: Queryable,
    userId: string,
    inputs: StreakInputs,
    now: LocalNow,
    questIds: Iterable<string>,
  ): Promise<RecordedStreaks> {
    const figures = this.figures(userId, inputs, now, questIds);
    await this.deps.repository.saveParticipantStreaks(tx, storedOf(figures));
    await this.deps.figures.saveStreak(tx, userId, figures.user, inputs.version);
    return figures;
  }

  /** The figures `record` saves, computed only: for a caller that saves them with its change. */
  figures(
    userId: string,
    inputs: StreakInputs,
    now: LocalNow,
    questIds: Iterable<string>,
  ): FiguresToSave {
    const quests = new Map<string, { stored: ParticipantStreak; summary: StreakSummary }>();
    for (const questId of new Set(questIds)) {
      const marks = inputs.checkIns.filter((c) => c.questId === questId);
      const from = inputs.from.quests.get(questId) ?? FROM_FIRST_MARK;
      const { fold, checkpoint } = foldFrom(from, marks, inputs.restDays, now);
      const summary = summaryOf(fold, inputs.restDays, now);
      const last = fold.previous;
      quests.set(questId, {
        summary,
        stored: {
          quest_id: questId,
          user_id: userId,
          run_length: summary.runLength,
          longest_streak: summary.longestStreak,
          total_check_ins: summary.totalDays,
          last_day: last?.day ?? null,
          last_zone: last?.zone ?? null,
          last_day_start_hour: last?.dayStartHour ?? null,
          last_at: last?.at ?? null,
          streak_checkpoint: checkpointToJson(checkpoint),
        },
      });
    }
    return { quests, user: this.deps.figures.streakFigures(inputs, now) };
  }
}

/** The participants' rows of `figures`, as saved. */
export function storedOf(figures: RecordedStreaks): ParticipantStreak[] {
  return [...figures.quests.values()].map((q) => q.stored);
}
