import { notificationsApi } from '@doers/contract';
import type { Route } from '../../platform/router.js';
import type { NotificationsService } from './notifications.service.js';

export function notificationsRoutes(
  route: Route,
  deps: { notifications: NotificationsService },
): void {
  route(notificationsApi.unreadCounts, ({ auth }) => deps.notifications.unreadCounts(auth.userId));
}
