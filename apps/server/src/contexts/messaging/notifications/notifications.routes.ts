import { notificationsApi } from '@doers/contract';
import type { Route } from '../../../platform/router.js';
import type { NotificationsService } from './notifications.service.js';

export function notificationsRoutes(
  route: Route,
  deps: { notifications: NotificationsService },
): void {
  route(notificationsApi.unreadCounts, ({ auth }) => deps.notifications.unreadCounts(auth.userId));
  route(notificationsApi.list, ({ auth, query }) => deps.notifications.list(auth.userId, query));
  route(notificationsApi.markRead, ({ auth, body }) =>
    deps.notifications.markRead(auth.userId, body),
  );
  route(notificationsApi.settings, ({ auth }) => deps.notifications.settings(auth.userId));
  route(notificationsApi.updateSettings, ({ auth, body }) =>
    deps.notifications.updateSettings(auth.userId, body),
  );
}
