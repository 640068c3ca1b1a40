import { onboardingApi } from '@doers/contract';
import type { Route } from '../../../platform/router.js';
import type { OnboardingService } from './onboarding.service.js';

export function onboardingRoutes(route: Route, deps: { onboarding: OnboardingService }): void {
  const { onboarding } = deps;
  route(onboardingApi.progress, ({ auth }) => onboarding.progress(auth.userId));
  route(onboardingApi.completeStep, ({ auth, body }) =>
    onboarding.completeStep(auth.userId, body.step),
  );
}
