export { useUnreadCounts } from './api/use-unread-counts';
export { notificationKeys } from './notification-keys';
