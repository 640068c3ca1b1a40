/** The query keys of notifications; answering a join request changes the unread counts. */
export const notificationKeys = {
  all: ['notifications'] as const,
  unreadCounts: ['notifications', 'unread-counts'] as const,
};
