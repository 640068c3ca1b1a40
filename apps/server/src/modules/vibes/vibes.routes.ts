import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import { createVibeRequest } from '@doers/contract';
import type { Queryable } from '../../db/database.js';
import { requireAuth } from '../../platform/authenticate.js';
import { parse } from '../../platform/errors.js';
import { idempotent } from '../../platform/idempotency.js';
import type { VibesService } from './vibes.service.js';

export function vibesRoutes(
  app: FastifyInstance,
  deps: { vibes: VibesService; db: Queryable; authenticate: preHandlerHookHandler },
): void {
  app.post('/vibes', { preHandler: deps.authenticate }, async (request, reply) => {
    const { userId } = requireAuth(request);
    const input = parse(createVibeRequest, request.body);
    return idempotent(deps.db, request, reply, userId, async () => ({
      statusCode: 201,
      body: await deps.vibes.sendVibe(userId, input),
    }));
  });
}
