/** The query keys of notifications; answering a join request changes the unread counts. */
export const notificationKeys = {
  all: ['notifications'] as const,
  unreadCounts: ['notifications', 'unread-counts'] as const,
  /** The folded list, newest first, a page at a time. */
  list: ['notifications', 'list'] as const,
  settings: ['notifications', 'settings'] as const,
};
