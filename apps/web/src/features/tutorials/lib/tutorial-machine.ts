/**
 * The tutorials' rules (docs/product/tutorials.md) as pure functions: each takes the state and
 * gives the next one, or null when the spec refuses the move. The store persists `status`; the
 * active tutorial lives only as long as the page.
 */
export const TUTORIAL_IDS = [
  'create-post',
  'quest-check-in',
  'send-vibe',
  'send-smile',
  'voice-comment',
  'join-quest',
  'edit-profile',
  'group-quests',
] as const;
export type TutorialId = (typeof TUTORIAL_IDS)[number];

export type TutorialStatus = 'pending' | 'completed' | 'skipped';

export interface TutorialState {
  active: { id: TutorialId; step: number } | null;
  status: Record<TutorialId, TutorialStatus>;
}

export function initialTutorialState(): TutorialState {
  return {
    active: null,
    status: Object.fromEntries(TUTORIAL_IDS.map((id) => [id, 'pending'])) as Record<
      TutorialId,
      TutorialStatus
    >,
  };
}

/** Refused while another is active, or when this one was completed or skipped. */
export function startTutorial(state: TutorialState, id: TutorialId): TutorialState | null {
  if (state.active || state.status[id] !== 'pending') return null;
  return { ...state, active: { id, step: 0 } };
}

/** One step on; past the last (`stepCount` steps) the tutorial is completed. */
export function nextStep(state: TutorialState, stepCount: number): TutorialState {
  if (!state.active) return state;
  const step = state.active.step + 1;
  if (step >= stepCount) return completeTutorial(state);
  return { ...state, active: { ...state.active, step } };
}

/** One step back, never below the first. */
export function previousStep(state: TutorialState): TutorialState {
  if (!state.active) return state;
  return { ...state, active: { ...state.active, step: Math.max(0, state.active.step - 1) } };
}

function end(state: TutorialState, status: TutorialStatus): TutorialState {
  if (!state.active) return state;
  return { active: null, status: { ...state.status, [state.active.id]: status } };
}

export const completeTutorial = (state: TutorialState) => end(state, 'completed');
/** Closing, skipping and a click on the backdrop all end here. */
export const skipTutorial = (state: TutorialState) => end(state, 'skipped');

/** Every tutorial pending again (and none active). */
export function resetTutorials(): TutorialState {
  return initialTutorialState();
}

/** The pending tutorial with the lowest priority number (the catalogue's order), if any. */
export function nextTutorial(state: TutorialState): TutorialId | null {
  return TUTORIAL_IDS.find((id) => state.status[id] === 'pending') ?? null;
}
