/**
 * Runs `work` once the page has a quiet moment, or after `timeoutMs` at the latest: for start-up
 * work nobody waits on, which would otherwise lengthen the tasks before the first screen paints.
 */
export function whenIdle(work: () => void, timeoutMs = 5_000): void {
  if ('requestIdleCallback' in window) requestIdleCallback(work, { timeout: timeoutMs });
  else setTimeout(work, 1_000);
}
