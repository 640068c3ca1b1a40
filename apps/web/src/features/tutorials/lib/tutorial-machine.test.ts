import { describe, expect, it } from 'vitest';
import {
  completeTutorial,
  initialTutorialState,
  nextStep,
  nextTutorial,
  previousStep,
  resetTutorials,
  skipTutorial,
  startTutorial,
  type TutorialState,
} from './tutorial-machine';

const started = (id: Parameters<typeof startTutorial>[1] = 'create-post'): TutorialState =>
  startTutorial(initialTutorialState(), id)!;

describe('the tutorial rules', () => {
  it('starts a pending tutorial at its first step', () => {
    expect(started().active).toEqual({ id: 'create-post', step: 0 });
  });

  it('refuses a second one while one is active', () => {
    expect(startTutorial(started('create-post'), 'send-smile')).toBeNull();
  });

  it('refuses one already completed or skipped', () => {
    expect(startTutorial(completeTutorial(started()), 'create-post')).toBeNull();
    expect(startTutorial(skipTutorial(started()), 'create-post')).toBeNull();
  });

  it('next advances; past the last step the tutorial is completed', () => {
    let state = nextStep(started(), 2);
    expect(state.active).toEqual({ id: 'create-post', step: 1 });
    state = nextStep(state, 2);
    expect(state.active).toBeNull();
    expect(state.status['create-post']).toBe('completed');
  });

  it('previous goes back, never below the first step', () => {
    const state = nextStep(started(), 4);
    expect(previousStep(state).active?.step).toBe(0);
    expect(previousStep(previousStep(state)).active?.step).toBe(0);
  });

  it('complete marks it completed and ends it; close or skip mark it skipped', () => {
    expect(completeTutorial(started())).toMatchObject({
      active: null,
      status: { 'create-post': 'completed' },
    });
    expect(skipTutorial(started())).toMatchObject({
      active: null,
      status: { 'create-post': 'skipped' },
    });
  });

  it('reset makes every tutorial pending again', () => {
    const state = resetTutorials();
    expect(Object.values(state.status).every((status) => status === 'pending')).toBe(true);
    expect(state.active).toBeNull();
  });

  it('the next one is the pending tutorial with the lowest priority number', () => {
    expect(nextTutorial(initialTutorialState())).toBe('create-post');
    const afterTwo = skipTutorial(startTutorial(completeTutorial(started()), 'quest-check-in')!);
    expect(nextTutorial(afterTwo)).toBe('send-vibe');
  });

  it('moves nothing when none is active', () => {
    const idle = initialTutorialState();
    expect(nextStep(idle, 3)).toBe(idle);
    expect(previousStep(idle)).toBe(idle);
    expect(skipTutorial(idle)).toBe(idle);
  });
});
