import { z } from 'zod';
import { day } from './days.js';
import { endpoint } from './http.js';

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

/** Weeks the /stats charts cover, this one included. */
export const STATS_WEEKS = 12;
/** Days the check-in calendar covers, today included. */
export const STATS_CALENDAR_DAYS = 365;

/** One week (Monday to Sunday in the person's own days): what they did and what they received. */
export const statsWeek = z.object({
  weekStart: day,
  checkIns: z.number().int(),
  smiles: z.number().int(),
  vibes: z.number().int(),
  hums: z.number().int(),
});
export type StatsWeek = z.infer<typeof statsWeek>;

/**
 * How far a quest I am in has come: check-in days against its target (target days, or the days
 * from its start to its end date), or against the days it has run so far when it has no target.
 */
export const questCompletion = z.object({
  questId: z.string(),
  title: z.string(),
  emoji: z.string(),
  status: z.enum(['active', 'completed']),
  checkIns: z.number().int(),
  /** What the check-ins are measured against, and whether it is a target or the days so far. */
  outOf: z.number().int(),
  measure: z.enum(['target', 'days-so-far']),
  /** checkIns / outOf, at most 1. */
  completion: z.number(),
});
export type QuestCompletion = z.infer<typeof questCompletion>;

/** GET /stats: my figures (User.stats) and the history behind the charts on /stats. */
export const statsReport = z.object({
  figures: userStats,
  /** Today in my own day: the calendar's last day and the last week's reference. */
  today: day,
  /** Days of the last STATS_CALENDAR_DAYS with at least one check-in, oldest first. */
  calendar: z.array(z.object({ day, checkIns: z.number().int() })),
  /** The last STATS_WEEKS weeks, oldest first, every week present (zero when nothing happened). */
  weeks: z.array(statsWeek),
  /** Quests I am in that are active or completed, the most recently started first. */
  quests: z.array(questCompletion),
});
export type StatsReport = z.infer<typeof statsReport>;

export const statsApi = {
  report: endpoint({ method: 'GET', path: '/stats', access: 'signed-in', response: statsReport }),
};
