/** The query keys of onboarding; creating a quest completes the 'first-quest' step. */
export const onboardingKeys = {
  progress: ['onboarding', 'progress'] as const,
  interests: ['onboarding', 'interests'] as const,
};
