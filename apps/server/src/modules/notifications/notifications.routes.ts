import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import type { UnreadCounts } from '@doers/contract';
import { requireAuth } from '../../platform/authenticate.js';
import type { NotificationsRepository } from './notifications.repository.js';

export function notificationsRoutes(
  app: FastifyInstance,
  deps: { notifications: NotificationsRepository; authenticate: preHandlerHookHandler },
): void {
  app.get('/notifications/unread-counts', { preHandler: deps.authenticate }, async (request): Promise<UnreadCounts> => {
    const { userId } = requireAuth(request);
    return {
      unreadNotifications: await deps.notifications.countUnread(userId),
      // Direct messages and quest requests arrive with their own features; until then there are none.
      unreadDMs: 0,
      unreadQuestRequests: 0,
    };
  });
}
