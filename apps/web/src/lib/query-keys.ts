import type { QuestStatus } from '@doers/contract';

/**
 * Every TanStack Query key of the app in one place. Features read and invalidate each other's
 * data (a check-in changes the activity timeline, accepting a request changes a leaderboard),
 * so the keys are shared, not re-typed as literals in each feature.
 */
export const queryKeys = {
  onboardingProgress: ['onboarding', 'progress'] as const,
  unreadCounts: ['notifications', 'unread-counts'] as const,

  /** Prefix of every quest list; `quests(status)` is one tab. */
  questLists: ['quests'] as const,
  quests: (status: QuestStatus) => ['quests', status] as const,
  /** Prefix of every single quest; `quest(id)` is one. */
  questDetails: ['quest'] as const,
  quest: (id: string) => ['quest', id] as const,
  questCalendars: ['quest-calendar'] as const,
  questCalendar: (id: string) => ['quest-calendar', id] as const,
  questLeaderboard: (id: string) => ['quest-leaderboard', id] as const,
  questTemplates: ['quest-templates'] as const,
  sharedQuest: (id: string) => ['shared-quest', id] as const,
  questRequests: ['quest-requests'] as const,

  activity: ['activity'] as const,
  restDays: ['rest-days'] as const,
};
