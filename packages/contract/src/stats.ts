import { z } from 'zod';

/** A person's figures (User.stats); the stats module of the server is their only writer. */
export const userStats = z.object({
  activeQuests: z.number().int(),
  completedQuests: z.number().int(),
  currentStreak: z.number().int(),
  longestStreak: z.number().int(),
  totalCheckIns: z.number().int(),
  totalPosts: z.number().int(),
  totalSmiles: z.number().int(),
  totalVibes: z.number().int(),
  totalVibers: z.number().int(),
  totalVibingWith: z.number().int(),
  totalCompletedQuests: z.number().int(),
  totalSmilesSent: z.number().int(),
  totalHums: z.number().int(),
  totalPostInteractions: z.number().int(),
});
export type UserStats = z.infer<typeof userStats>;

/** Streak figures of one person on one quest, or across all their quests. */
export const streakFigures = z.object({
  currentStreak: z.number().int(),
  longestStreak: z.number().int(),
  totalCheckIns: z.number().int(),
});
export type StreakFigures = z.infer<typeof streakFigures>;
