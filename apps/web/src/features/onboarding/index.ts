export { onboardingKeys } from './onboarding-keys';
export { onboardingRoutes } from './routes';
export { OnboardingGate } from './routes/onboarding-gate';
