import {
  ONBOARDING_STEP_FLAGS,
  ONBOARDING_STEPS,
  type OnboardingProgress,
  type OnboardingStep,
  type OnboardingSteps,
} from '@doers/contract';

/**
 * docs/product/onboarding.md: the earliest unfinished step is next; with no progress data the
 * next is install-app; when every step is done there is none (null).
 */
export function nextOnboardingStep(
  steps: OnboardingSteps | null | undefined,
): OnboardingStep | null {
  if (!steps) return ONBOARDING_STEPS[0];
  return ONBOARDING_STEPS.find((step) => !steps[ONBOARDING_STEP_FLAGS[step]]) ?? null;
}

export function stepFromPath(pathname: string): OnboardingStep | null {
  const segment = pathname.replace(/\/+$/, '').split('/')[2];
  return ONBOARDING_STEPS.find((step) => step === segment) ?? null;
}

/** 1-based position for "Step 2 of 6". */
export function stepNumber(step: OnboardingStep): number {
  return ONBOARDING_STEPS.indexOf(step) + 1;
}

/** Progress with one more step done; used when saving failed so nobody is stuck on a step. */
export function withStepDone(
  progress: OnboardingProgress | undefined,
  step: OnboardingStep,
): OnboardingProgress {
  const steps: OnboardingSteps = progress?.onboardingSteps ?? {
    appInstallPromptSeen: false,
    welcomeScreenSeen: false,
    profilePictureUploaded: false,
    interestsSelected: false,
    voiceBioRecorded: false,
    firstQuestCreated: false,
  };
  return {
    paymentStatus: progress?.paymentStatus ?? 'Unpaid',
    onboardingSteps: { ...steps, [ONBOARDING_STEP_FLAGS[step]]: true },
  };
}

/** Paid means paymentStatus Paid or Exempt (docs/product/onboarding.md). */
export function isPaid(progress: OnboardingProgress | undefined): boolean {
  return progress?.paymentStatus === 'Paid' || progress?.paymentStatus === 'Exempt';
}
