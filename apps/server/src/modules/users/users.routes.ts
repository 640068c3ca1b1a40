import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import { onboardingStepRequest, userIdParams } from '@doers/contract';
import { requireAuth } from '../../platform/authenticate.js';
import { parse } from '../../platform/errors.js';
import type { OnboardingService } from '../onboarding/onboarding.service.js';
import type { UsersService } from './users.service.js';

export function usersRoutes(
  app: FastifyInstance,
  deps: { users: UsersService; onboarding: OnboardingService; authenticate: preHandlerHookHandler },
): void {
  const { users, onboarding, authenticate } = deps;

  app.get('/users/onboarding/progress', { preHandler: authenticate }, async (request) =>
    onboarding.progress(requireAuth(request).userId),
  );

  app.post('/users/onboarding/progress', { preHandler: authenticate }, async (request) => {
    const { step } = parse(onboardingStepRequest, request.body);
    return onboarding.completeStep(requireAuth(request).userId, step);
  });

  app.get('/users/:id', { preHandler: authenticate }, async (request) => {
    const { id } = parse(userIdParams, request.params);
    return users.getUser(requireAuth(request).userId, id);
  });
}
