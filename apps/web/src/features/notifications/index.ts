export { useUnreadCounts } from './api/use-unread-counts';
