export { useUnreadCounts } from './api/use-unread-counts';
export { notificationKeys } from './notification-keys';
export { notificationsRoutes } from './routes';
export { applyNotification, applyUnreadCounts } from './lib/notification-cache';
