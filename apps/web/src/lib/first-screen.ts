import { useSyncExternalStore } from 'react';

/**
 * Whether the first screen of a cold start has painted. What that screen does not show — the
 * header's counts, the account, tutorials, the update check, the realtime stream — waits for it:
 * on a phone every request and every task that starts before the first posts paint pushes them
 * later (docs/decisions/0015-first-screen-on-a-phone.md). Open from the start unless main.tsx
 * holds it, so a screen rendered anywhere else (a component test) waits for nothing.
 */
let painted = true;
let marked = false;
const listeners = new Set<() => void>();

/** How long the hold lasts at most, should no screen ever draw (a root error). */
const HOLD_AT_MOST_MS = 3_000;

function open(): void {
  if (painted) return;
  painted = true;
  for (const listener of listeners) listener();
}

/** Called by main.tsx before the first render: what waits for the first screen, waits. */
export function holdUntilFirstScreen(): void {
  painted = false;
  setTimeout(open, HOLD_AT_MOST_MS);
}

/** How long after the first screen's commit what waits may start, whatever the browser says. */
const AFTER_COMMIT_AT_MOST_MS = 1_000;

/**
 * The first screen has been committed (the root layout's first effect). What waits starts once
 * the browser reports the screen's largest text or image shown (a `largest-contentful-paint`
 * entry: it comes when the frame is on the glass, which on a busy phone is well after the main
 * thread drew it); where there is no such report (Safari), a frame and a task later.
 */
export function firstScreenDrawn(): void {
  if (marked || painted) return;
  marked = true;
  setTimeout(open, AFTER_COMMIT_AT_MOST_MS);
  const observable =
    typeof PerformanceObserver !== 'undefined' &&
    PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint');
  if (!observable) {
    requestAnimationFrame(() => setTimeout(open, 0));
    return;
  }
  const committedAt = performance.now();
  const shown = new PerformanceObserver((list) => {
    if (!list.getEntries().some((entry) => entry.startTime >= committedAt)) return;
    shown.disconnect();
    setTimeout(open, 0);
  });
  shown.observe({ type: 'largest-contentful-paint' });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** False until the first screen has painted, then true for good. */
export function useFirstScreenPainted(): boolean {
  return useSyncExternalStore(subscribe, () => painted);
}
