import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import type { UnreadCounts } from '@doers/contract';
import { requireAuth } from '../../platform/authenticate.js';
import type { QuestRequestsRepository } from '../quests/quest-requests.repository.js';
import type { NotificationsRepository } from './notifications.repository.js';

export function notificationsRoutes(
  app: FastifyInstance,
  deps: {
    notifications: NotificationsRepository;
    requests: QuestRequestsRepository;
    authenticate: preHandlerHookHandler;
  },
): void {
  app.get(
    '/notifications/unread-counts',
    { preHandler: deps.authenticate },
    async (request): Promise<UnreadCounts> => {
      const { userId } = requireAuth(request);
      return {
        unreadNotifications: await deps.notifications.countUnread(userId),
        // Direct messages arrive with their own feature; until then there are none.
        unreadDMs: 0,
        unreadQuestRequests: await deps.requests.countPendingForOwner(userId),
      };
    },
  );
}
