/**
 * One voice plays at a time across the whole app: starting a player pauses whichever media
 * element was playing before, as in a messaging app. Module state on purpose: every player,
 * wherever it is mounted, shares it.
 */
let current: HTMLMediaElement | null = null;

/** Call when `element` starts playing. */
export function claimPlayback(element: HTMLMediaElement): void {
  if (current && current !== element && !current.paused) current.pause();
  current = element;
}

/** Call when `element` goes away, so the coordinator holds no detached element. */
export function releasePlayback(element: HTMLMediaElement): void {
  if (current === element) current = null;
}

/** Pauses whatever plays (a recorder calls this before it starts listening). */
export function pauseAllPlayback(): void {
  if (current && !current.paused) current.pause();
}
