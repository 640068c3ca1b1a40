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

/**
 * The first screen has been committed (the root layout's first effect): a frame later it has
 * painted, and a task after that frame what waited may start.
 */
export function firstScreenDrawn(): void {
  if (marked) return;
  marked = true;
  requestAnimationFrame(() => setTimeout(open, 0));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** False until the first screen has painted, then true for good. */
export function useFirstScreenPainted(): boolean {
  return useSyncExternalStore(subscribe, () => painted);
}
