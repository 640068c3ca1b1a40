export { onboardingRoutes } from './routes';
export { OnboardingGate } from './routes/onboarding-gate';
