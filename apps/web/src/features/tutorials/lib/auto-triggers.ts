import type { TutorialId } from './tutorial-machine';

/** Which tutorial a screen offers by itself, and after how long (spec constants). */
export const AUTO_TRIGGERS: Record<
  string,
  { id: TutorialId; delayMs: number; oncePerSession?: true }
> = {
  '/feed': { id: 'create-post', delayMs: 1500, oncePerSession: true },
  '/profile': { id: 'edit-profile', delayMs: 800 },
  '/quests': { id: 'quest-check-in', delayMs: 800 },
};

export const SESSION_SHOWN_KEY = 'doers-tutorial-shown';

/** Never over onboarding: the person is busy getting set up. */
export const isOnboardingPath = (pathname: string) => pathname.startsWith('/onboarding');
