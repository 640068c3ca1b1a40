import { z } from 'zod';
import { endpoint } from './http.js';
import { ONBOARDING_STEPS, PAYMENT_STATUSES } from './constants.js';

export const onboardingSteps = z.object({
  appInstallPromptSeen: z.boolean(),
  welcomeScreenSeen: z.boolean(),
  profilePictureUploaded: z.boolean(),
  interestsSelected: z.boolean(),
  voiceBioRecorded: z.boolean(),
  firstQuestCreated: z.boolean(),
});
export type OnboardingSteps = z.infer<typeof onboardingSteps>;

export const onboardingProgress = z.object({
  paymentStatus: z.enum(PAYMENT_STATUSES),
  onboardingSteps,
});
export type OnboardingProgress = z.infer<typeof onboardingProgress>;

export const onboardingStepRequest = z.object({ step: z.enum(ONBOARDING_STEPS) });
export type OnboardingStepRequest = z.infer<typeof onboardingStepRequest>;

export const onboardingApi = {
  progress: endpoint({
    method: 'GET',
    path: '/users/onboarding/progress',
    access: 'signed-in',
    response: onboardingProgress,
  }),
  completeStep: endpoint({
    method: 'POST',
    path: '/users/onboarding/progress',
    access: 'signed-in',
    body: onboardingStepRequest,
    response: onboardingProgress,
  }),
};
