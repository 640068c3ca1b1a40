import type { Queryable } from '../../db/database.js';
import { summarizeStreak, type Clock, type StreakSummary } from '../streaks/streak-calculator.js';
import { toMark, type CheckInsRepository } from './check-ins.repository.js';

/**
 * Recomputes streak figures from the check-ins themselves after every change (check-in, late
 * check-in, undo, leaving, deleting a quest), so they can never drift from what happened.
 */
export class StreakRecorder {
  constructor(private readonly checkIns: CheckInsRepository) {}

  async recordParticipant(
    tx: Queryable,
    questId: string,
    userId: string,
    clock: Clock,
  ): Promise<StreakSummary> {
    const rows = await this.checkIns.forParticipant(questId, userId, tx);
    const rest = await this.checkIns.restDays(userId, tx);
    const summary = summarizeStreak(rows.map(toMark), rest, clock);
    await this.checkIns.saveParticipantStreak(tx, questId, userId, summary, rows.at(-1));
    return summary;
  }

  /** A person's streak spans all their quests: any check-in keeps the day. */
  async recordUser(tx: Queryable, userId: string, clock: Clock): Promise<StreakSummary> {
    const rows = await this.checkIns.forUser(userId, tx);
    const rest = await this.checkIns.restDays(userId, tx);
    const summary = summarizeStreak(rows.map(toMark), rest, clock);
    await this.checkIns.saveUserStreak(tx, userId, summary, rows.length, rows.at(-1));
    return summary;
  }
}
