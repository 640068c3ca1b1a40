// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { initialTutorialState } from '../lib/tutorial-machine';
import { useTutorialStore } from '../lib/tutorial-store';
import { TutorialOverlay } from './tutorial-overlay';

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <TutorialOverlay />
    </MemoryRouter>,
  );
}

const start = (id: Parameters<ReturnType<typeof useTutorialStore.getState>['start']>[0]) =>
  act(() => void useTutorialStore.getState().start(id));
const button = (name: string) => screen.queryByRole('button', { name });

beforeEach(() => useTutorialStore.setState(initialTutorialState()));
afterEach(cleanup);

describe('the tutorial overlay', () => {
  it("shows 'Step X of N' and dots; Previous is hidden on the first step; Done on the last", () => {
    renderAt('/feed');
    start('send-smile');
    expect(screen.getByRole('dialog', { name: 'Smile at a post' })).toBeTruthy();
    expect(screen.getByText('Step 1 of 2')).toBeTruthy();
    expect(button('Previous')).toBeNull();
    expect(button('Next')).toBeTruthy();
    fireEvent.click(button('Next')!);
    expect(screen.getByText('Step 2 of 2')).toBeTruthy();
    expect(button('Previous')).toBeTruthy();
    expect(button('Next')).toBeNull();
    fireEvent.click(button('Done')!);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(useTutorialStore.getState().status['send-smile']).toBe('completed');
  });

  it('Previous goes back a step', () => {
    renderAt('/feed');
    start('voice-comment');
    fireEvent.click(button('Next')!);
    fireEvent.click(button('Previous')!);
    expect(screen.getByText('Step 1 of 3')).toBeTruthy();
  });

  it.each([
    ['Skip Tutorial', () => fireEvent.click(button('Skip Tutorial')!)],
    ['the close button', () => fireEvent.click(button('Close tutorial')!)],
    [
      'a click on the backdrop',
      () => fireEvent.click(screen.getAllByTestId('tutorial-backdrop')[0]!),
    ],
    ['Escape', () => fireEvent.keyDown(window, { key: 'Escape' })],
  ])('%s skips it', (_how, act_) => {
    renderAt('/feed');
    start('send-vibe');
    act_();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(useTutorialStore.getState().status['send-vibe']).toBe('skipped');
  });

  it('never shows on the onboarding screens', () => {
    renderAt('/onboarding/welcome');
    start('send-smile');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('lights the marked element with 8 px around it', async () => {
    const target = document.createElement('button');
    target.dataset['tutorial'] = 'smile-button';
    target.getBoundingClientRect = () => ({ top: 100, left: 40, width: 60, height: 30 }) as DOMRect;
    document.body.append(target);
    renderAt('/feed');
    start('send-smile');
    const spot = await screen.findByTestId('tutorial-spotlight');
    expect(spot.style.transform).toBe('translate(32px, 92px)');
    expect(spot.style.width).toBe('76px');
    expect(spot.style.height).toBe('46px');
    target.remove();
  });
});
