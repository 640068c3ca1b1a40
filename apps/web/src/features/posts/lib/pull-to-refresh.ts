/**
 * Pull to refresh (the feed on a touch screen): a pull from the very top of the page moves the
 * indicator down at half the finger's speed, up to a limit; released past the threshold it
 * refreshes, short of it it springs back.
 */
export const PULL_THRESHOLD_PX = 70;
export const PULL_MAX_PX = 120;
const RESISTANCE = 0.5;

/** How far the indicator shows for a finger that moved `dy` px down since it touched. */
export function pullDistance(dy: number): number {
  if (!(dy > 0)) return 0;
  return Math.min(PULL_MAX_PX, Math.round(dy * RESISTANCE));
}

/** A pull only starts with the page at its top (otherwise the finger is scrolling). */
export function canStartPull(scrollTop: number): boolean {
  return scrollTop <= 0;
}

/** Released at this distance: refresh or not. */
export function shouldRefresh(distance: number, threshold = PULL_THRESHOLD_PX): boolean {
  return distance >= threshold;
}
