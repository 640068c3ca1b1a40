export { OnboardingGate } from './routes/onboarding-gate';
