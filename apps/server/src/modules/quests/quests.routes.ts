import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import { z } from 'zod';
import {
  checkInRequest,
  createQuestRequest,
  questCalendarQuery,
  questListQuery,
  questTemplatesQuery,
  updateQuestRequest,
  type QuestTemplates,
} from '@doers/contract';
import type { Queryable } from '../../db/database.js';
import { clockOf, requireAuth } from '../../platform/authenticate.js';
import { parse } from '../../platform/errors.js';
import { idempotent } from '../../platform/idempotency.js';
import type { CheckInsService } from '../check-ins/check-ins.service.js';
import type { QuestsService } from './quests.service.js';
import type { SharingService } from './sharing.service.js';

const questParams = z.object({ id: z.uuid('Not a valid quest id') });

export function questsRoutes(
  app: FastifyInstance,
  deps: {
    quests: QuestsService;
    checkIns: CheckInsService;
    sharing: SharingService;
    db: Queryable;
    authenticate: preHandlerHookHandler;
    identifyIfPossible: preHandlerHookHandler;
  },
): void {
  const { quests, checkIns, sharing, authenticate } = deps;
  const signedIn = { preHandler: authenticate };

  app.get('/quests/templates', async (request): Promise<QuestTemplates> => {
    const { category } = parse(questTemplatesQuery, request.query);
    return { templates: quests.templates(category) };
  });

  app.get('/quests', signedIn, async (request) =>
    quests.list(
      requireAuth(request).userId,
      parse(questListQuery, request.query),
      clockOf(request),
    ),
  );

  app.post('/quests', signedIn, async (request, reply) => {
    const { userId } = requireAuth(request);
    const input = parse(createQuestRequest, request.body);
    return idempotent(deps.db, request, reply, userId, async () => ({
      statusCode: 201,
      body: await quests.create(userId, input, clockOf(request)),
    }));
  });

  app.get('/quests/:id', signedIn, async (request) =>
    quests.get(
      requireAuth(request).userId,
      parse(questParams, request.params).id,
      clockOf(request),
    ),
  );

  app.patch('/quests/:id', signedIn, async (request) =>
    quests.update(
      requireAuth(request).userId,
      parse(questParams, request.params).id,
      parse(updateQuestRequest, request.body),
      clockOf(request),
    ),
  );

  app.post('/quests/:id/complete', signedIn, async (request) =>
    quests.setStatus(
      requireAuth(request).userId,
      parse(questParams, request.params).id,
      'completed',
      clockOf(request),
    ),
  );

  app.post('/quests/:id/abandon', signedIn, async (request) =>
    quests.setStatus(
      requireAuth(request).userId,
      parse(questParams, request.params).id,
      'abandoned',
      clockOf(request),
    ),
  );

  app.delete('/quests/:id', signedIn, async (request, reply) => {
    await quests.delete(
      requireAuth(request).userId,
      parse(questParams, request.params).id,
      clockOf(request),
    );
    return reply.status(204).send();
  });

  app.post('/quests/:id/check-ins', signedIn, async (request, reply) => {
    const { userId } = requireAuth(request);
    const { id } = parse(questParams, request.params);
    const input = parse(checkInRequest, request.body);
    return idempotent(deps.db, request, reply, userId, async () => ({
      statusCode: 201,
      body: await checkIns.checkIn(userId, id, input, clockOf(request)),
    }));
  });

  app.delete('/quests/:id/check-ins/today', signedIn, async (request) =>
    checkIns.undoToday(
      requireAuth(request).userId,
      parse(questParams, request.params).id,
      clockOf(request),
    ),
  );

  app.get('/quests/:id/calendar', signedIn, async (request) => {
    const { weeks, userId } = parse(questCalendarQuery, request.query);
    return checkIns.calendar(
      requireAuth(request).userId,
      parse(questParams, request.params).id,
      weeks,
      userId,
      clockOf(request),
    );
  });

  app.get('/quests/:id/leaderboard', { preHandler: deps.identifyIfPossible }, async (request) =>
    sharing.leaderboard(request.auth?.userId ?? null, parse(questParams, request.params).id),
  );

  app.post('/quests/:id/join', signedIn, async (request) =>
    sharing.join(
      requireAuth(request).userId,
      parse(questParams, request.params).id,
      clockOf(request),
    ),
  );

  app.post('/quests/:id/leave', signedIn, async (request, reply) => {
    await sharing.leave(requireAuth(request).userId, parse(questParams, request.params).id);
    return reply.status(204).send();
  });

  app.get('/shared-quests/:id', { preHandler: deps.identifyIfPossible }, async (request) =>
    sharing.shared(
      request.auth?.userId ?? null,
      parse(questParams, request.params).id,
      clockOf(request),
    ),
  );
}
