import type { OnboardingSteps } from '@doers/contract';
import { describe, expect, it } from 'vitest';
import {
  isPaid,
  nextOnboardingStep,
  stepFromPath,
  stepNumber,
  withStepDone,
} from './onboarding-steps';

const none: OnboardingSteps = {
  appInstallPromptSeen: false,
  welcomeScreenSeen: false,
  profilePictureUploaded: false,
  interestsSelected: false,
  voiceBioRecorded: false,
  firstQuestCreated: false,
};

describe('nextOnboardingStep', () => {
  it('starts with install-app when there is no progress data', () => {
    expect(nextOnboardingStep(null)).toBe('install-app');
    expect(nextOnboardingStep(undefined)).toBe('install-app');
  });

  it('starts with install-app when nothing is done', () => {
    expect(nextOnboardingStep(none)).toBe('install-app');
  });

  it('picks the earliest unfinished step, even when later ones are done', () => {
    expect(nextOnboardingStep({ ...none, appInstallPromptSeen: true })).toBe('welcome');
    expect(
      nextOnboardingStep({
        ...none,
        appInstallPromptSeen: true,
        welcomeScreenSeen: true,
        voiceBioRecorded: true,
      }),
    ).toBe('profile-picture');
    expect(nextOnboardingStep({ ...none, welcomeScreenSeen: true, firstQuestCreated: true })).toBe(
      'install-app',
    );
  });

  it('walks the steps in order to first-quest', () => {
    const allButLast = {
      ...none,
      appInstallPromptSeen: true,
      welcomeScreenSeen: true,
      profilePictureUploaded: true,
      interestsSelected: true,
      voiceBioRecorded: true,
    };
    expect(nextOnboardingStep({ ...allButLast, voiceBioRecorded: false })).toBe('voice-intro');
    expect(nextOnboardingStep(allButLast)).toBe('first-quest');
  });

  it('is null once every step is done', () => {
    const all = Object.fromEntries(Object.keys(none).map((key) => [key, true])) as OnboardingSteps;
    expect(nextOnboardingStep(all)).toBeNull();
  });
});

describe('onboarding helpers', () => {
  it('reads the step from the path', () => {
    expect(stepFromPath('/onboarding/welcome')).toBe('welcome');
    expect(stepFromPath('/onboarding/first-quest/')).toBe('first-quest');
    expect(stepFromPath('/onboarding')).toBeNull();
    expect(stepFromPath('/onboarding/nope')).toBeNull();
  });

  it('numbers steps from 1', () => {
    expect(stepNumber('install-app')).toBe(1);
    expect(stepNumber('welcome')).toBe(2);
    expect(stepNumber('first-quest')).toBe(6);
  });

  it('marks a step done locally, from nothing too', () => {
    expect(withStepDone(undefined, 'welcome').onboardingSteps).toEqual({
      ...none,
      welcomeScreenSeen: true,
    });
  });

  it('counts Paid and Exempt as paid', () => {
    expect(isPaid({ paymentStatus: 'Exempt', onboardingSteps: none })).toBe(true);
    expect(isPaid({ paymentStatus: 'Paid', onboardingSteps: none })).toBe(true);
    expect(isPaid({ paymentStatus: 'Unpaid', onboardingSteps: none })).toBe(false);
  });
});
