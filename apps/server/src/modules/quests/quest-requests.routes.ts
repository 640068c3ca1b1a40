import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import { z } from 'zod';
import { pageQuery } from '@doers/contract';
import { clockOf, requireAuth } from '../../platform/authenticate.js';
import { parse } from '../../platform/errors.js';
import type { SharingService } from './sharing.service.js';

const requestParams = z.object({ id: z.uuid('Not a valid request id') });

export function questRequestsRoutes(
  app: FastifyInstance,
  deps: { sharing: SharingService; authenticate: preHandlerHookHandler },
): void {
  const signedIn = { preHandler: deps.authenticate };

  app.get('/quest-requests', signedIn, async (request) =>
    deps.sharing.pendingRequests(requireAuth(request).userId, parse(pageQuery, request.query)),
  );

  app.post('/quest-requests/:id/accept', signedIn, async (request) =>
    deps.sharing.decide(
      requireAuth(request).userId,
      parse(requestParams, request.params).id,
      'accepted',
      clockOf(request),
    ),
  );

  app.post('/quest-requests/:id/decline', signedIn, async (request) =>
    deps.sharing.decide(
      requireAuth(request).userId,
      parse(requestParams, request.params).id,
      'declined',
      clockOf(request),
    ),
  );
}
