export { FirstQuestStep } from './routes/first-quest-step';
export { InstallAppStep } from './routes/install-app-step';
export { OnboardingGate } from './routes/onboarding-gate';
export { UpcomingStep } from './routes/upcoming-step';
export { WelcomeStep } from './routes/welcome-step';
