import type { QuestStatus } from '@doers/contract';

/**
 * The query keys of the quests feature, all under 'quests'. Other features reach them through
 * the feature's index: accepting a join request changes a leaderboard, a new day-start hour
 * moves "today" on every quest.
 */
export const questKeys = {
  all: ['quests'] as const,
  /** Prefix of every list; `list(status)` is one tab. */
  lists: ['quests', 'list'] as const,
  list: (status: QuestStatus) => ['quests', 'list', status] as const,
  detail: (id: string) => ['quests', 'detail', id] as const,
  calendar: (id: string) => ['quests', 'calendar', id] as const,
  leaderboard: (id: string) => ['quests', 'leaderboard', id] as const,
  /** Prefix of a quest's public face; the full key adds who is looking. */
  shared: (id: string) => ['quests', 'shared', id] as const,
  templates: ['quests', 'templates'] as const,
};
