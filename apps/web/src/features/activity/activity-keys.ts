/**
 * The query keys of the activity screen. The quests feature marks the timeline stale after a
 * check-in, through this feature's index.
 */
export const activityKeys = {
  all: ['activity'] as const,
  timeline: ['activity', 'timeline'] as const,
  /** Pending requests to join my quests. */
  questRequests: ['activity', 'quest-requests'] as const,
};
