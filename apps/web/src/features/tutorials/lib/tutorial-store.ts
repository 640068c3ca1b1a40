import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { getLocalStorage } from '../../../lib/storage';
import { TUTORIALS } from './tutorial-catalogue';
import {
  completeTutorial,
  initialTutorialState,
  nextStep,
  previousStep,
  resetTutorials,
  skipTutorial,
  startTutorial,
  type TutorialId,
  type TutorialState,
} from './tutorial-machine';

interface TutorialActions {
  /** False when the rules refuse it (another active, or this one done or skipped). */
  start(id: TutorialId): boolean;
  next(): void;
  previous(): void;
  complete(): void;
  skip(): void;
  reset(): void;
  /** From Help: this one pending again (whatever it was), then started. */
  replay(id: TutorialId): void;
}

export const TUTORIAL_STORAGE_KEY = 'doers-tutorials';

/** The tutorial state of this device: completed and skipped flags kept in localStorage. */
export const useTutorialStore = create<TutorialState & TutorialActions>()(
  persist(
    (set, get) => ({
      ...initialTutorialState(),
      start(id) {
        const started = startTutorial(get(), id);
        if (started) set(started);
        return started !== null;
      },
      next() {
        const { active } = get();
        if (active) set(nextStep(get(), TUTORIALS[active.id].steps.length));
      },
      previous: () => set(previousStep(get())),
      complete: () => set(completeTutorial(get())),
      skip: () => set(skipTutorial(get())),
      reset: () => set(resetTutorials()),
      replay(id) {
        const ended = skipTutorial(get());
        set({ ...ended, status: { ...ended.status, [id]: 'pending' } });
        get().start(id);
      },
    }),
    {
      name: TUTORIAL_STORAGE_KEY,
      storage: createJSONStorage(getLocalStorage),
      partialize: ({ status }) => ({ status }),
      // Tutorials added after this device saved its flags start pending.
      merge: (saved, current) => ({
        ...current,
        status: { ...current.status, ...(saved as Partial<TutorialState>).status },
      }),
    },
  ),
);
