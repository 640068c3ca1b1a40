import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import { z } from 'zod';
import {
  day,
  onboardingStepRequest,
  preferencesRequest,
  restDayRequest,
  userIdParams,
} from '@doers/contract';
import { clockOf, requireAuth } from '../../platform/authenticate.js';
import { parse } from '../../platform/errors.js';
import type { OnboardingService } from '../onboarding/onboarding.service.js';
import type { RestDaysService } from './rest-days.service.js';
import type { UsersService } from './users.service.js';

export function usersRoutes(
  app: FastifyInstance,
  deps: {
    users: UsersService;
    onboarding: OnboardingService;
    restDays: RestDaysService;
    authenticate: preHandlerHookHandler;
  },
): void {
  const { users, onboarding, restDays, authenticate } = deps;

  app.patch('/users/me/preferences', { preHandler: authenticate }, async (request) => {
    const { userId } = requireAuth(request);
    return users.setPreferences(userId, parse(preferencesRequest, request.body));
  });

  app.get('/users/me/rest-days', { preHandler: authenticate }, async (request) =>
    restDays.list(requireAuth(request).userId, clockOf(request)),
  );

  app.post('/users/me/rest-days', { preHandler: authenticate }, async (request) =>
    restDays.add(
      requireAuth(request).userId,
      parse(restDayRequest, request.body).day,
      clockOf(request),
    ),
  );

  app.delete('/users/me/rest-days/:day', { preHandler: authenticate }, async (request) =>
    restDays.remove(
      requireAuth(request).userId,
      parse(z.object({ day }), request.params).day,
      clockOf(request),
    ),
  );

  app.get('/users/onboarding/progress', { preHandler: authenticate }, async (request) =>
    onboarding.progress(requireAuth(request).userId),
  );

  app.post('/users/onboarding/progress', { preHandler: authenticate }, async (request) => {
    const { step } = parse(onboardingStepRequest, request.body);
    return onboarding.completeStep(requireAuth(request).userId, step);
  });

  app.get('/users/me', { preHandler: authenticate }, async (request) => {
    const { userId } = requireAuth(request);
    return users.getUser(userId, userId);
  });

  app.get('/users/:id', { preHandler: authenticate }, async (request) => {
    const { id } = parse(userIdParams, request.params);
    return users.getUser(requireAuth(request).userId, id);
  });
}
