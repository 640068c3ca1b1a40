/**
 * The onboarding steps, loaded on demand (route `lazy` in routes.tsx); the gate around them
 * is in index.ts. Import this module only with `import()`: a static import puts the steps back
 * into the first-load bundle.
 */
export { FirstQuestStep } from './routes/first-quest-step';
export { InstallAppStep } from './routes/install-app-step';
export { InterestsStep } from './routes/interests-step';
export { ProfilePictureStep } from './routes/profile-picture-step';
export { VoiceIntroStep } from './routes/voice-intro-step';
export { WelcomeStep } from './routes/welcome-step';
