// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_DRAW_CARDS, forgetFirstDraw, useDrawnCount } from './use-drawn-count';

beforeEach(() => {
  forgetFirstDraw();
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

/** Runs the pending task (one card's) and the render it causes. */
const nextTask = () =>
  act(() => {
    vi.advanceTimersToNextTimer();
  });

describe('useDrawnCount', () => {
  it("draws the first card of a page load's first feed, then a card a task until all are drawn", () => {
    const { result } = renderHook(({ total }) => useDrawnCount(total), {
      initialProps: { total: 20 },
    });
    expect(result.current).toBe(FIRST_DRAW_CARDS);
    nextTask();
    expect(result.current).toBe(FIRST_DRAW_CARDS + 1);
    for (let task = 0; task < 30; task += 1) nextTask();
    expect(result.current).toBe(20);
  });

  it('waits for the posts: nothing to draw while the first page loads', () => {
    const { result, rerender } = renderHook(({ total }) => useDrawnCount(total), {
      initialProps: { total: 0 },
    });
    nextTask();
    expect(result.current).toBe(0);
    rerender({ total: 2 });
    expect(result.current).toBe(FIRST_DRAW_CARDS);
    nextTask();
    expect(result.current).toBe(2);
  });

  it('draws every card at once ever after: back to the feed, more pages, newer posts', () => {
    const first = renderHook(({ total }) => useDrawnCount(total), { initialProps: { total: 5 } });
    for (let task = 0; task < 5; task += 1) nextTask();
    expect(first.result.current).toBe(5);
    first.rerender({ total: 25 });
    expect(first.result.current).toBe(25);
    first.unmount();

    const again = renderHook(() => useDrawnCount(20));
    expect(again.result.current).toBe(20);
  });
});
