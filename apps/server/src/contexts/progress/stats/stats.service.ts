import type { UserStats } from '@doers/contract';
import type { Queryable } from '../../../db/database.js';
import { currentStreak, lastMarkOf, type LocalNow } from '../streaks/streak-calculator.js';
import type { StatsRepository, StatsRow } from './stats.repository.js';

/**
 * A person's figures (user_stats): the counters kept here, the streak figures as the streaks
 * module saved them (streaks/streak-figures.service.ts), presented together.
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

  /** The person is being erased: what they gave and their vibing leave others' figures. */
  async personErased(tx: Queryable, userId: string): Promise<void> {
    await this.stats.takeBackGiven(tx, userId);
    await this.stats.endVibingOf(tx, userId);
  }
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
