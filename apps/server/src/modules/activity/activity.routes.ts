import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import { pageQuery, type ActivityList } from '@doers/contract';
import { requireAuth } from '../../platform/authenticate.js';
import { parse } from '../../platform/errors.js';
import { decodeCursor, page } from '../../platform/pagination.js';
import type { CheckInsRepository } from '../check-ins/check-ins.repository.js';
import type { UsersRepository } from '../users/users.repository.js';

/** `/activity`: recent check-ins of mine and of people I vibe with. */
export function activityRoutes(
  app: FastifyInstance,
  deps: {
    checkIns: CheckInsRepository;
    users: UsersRepository;
    authenticate: preHandlerHookHandler;
  },
): void {
  app.get(
    '/activity',
    { preHandler: deps.authenticate },
    async (request): Promise<ActivityList> => {
      const { userId } = requireAuth(request);
      const query = parse(pageQuery, request.query);
      const rows = await deps.checkIns.activityFor(userId, decodeCursor(query.cursor), query.limit);
      const { items, nextCursor } = page(rows, query.limit, (r) => ({
        at: r.created_at,
        id: r.id,
      }));
      const people = await deps.users.summaries(items.map((r) => r.user_id));
      return {
        items: items.map((r) => ({
          id: r.id,
          user: people.get(r.user_id)!,
          quest: { id: r.quest_id, title: r.title, emoji: r.emoji },
          day: r.day,
          late: r.late,
          tasksDone: r.task_ids.length,
          taskCount: r.task_count,
          createdAt: r.created_at.toISOString(),
        })),
        nextCursor,
      };
    },
  );
}
