import { getLocalStorage } from './storage';

/**
 * The user's IANA zone for the X-Timezone header; streak days are counted in it
 * (docs/product/check-ins-and-streaks.md).
 *
 * Asking `Intl` the first time loads the browser's locale data: tens of milliseconds on a phone,
 * in the middle of a cold start. So a start reads the zone the last visit saw, and the page asks
 * `Intl` once it has painted and whenever it comes back into view (a traveller's phone changes
 * zone while the app sleeps). Only the very first visit asks `Intl` at once.
 */
const KEY = 'doers-time-zone';
let zone: string | undefined;

export function getTimeZone(): string {
  zone ??= getLocalStorage().getItem(KEY) || refreshTimeZone();
  return zone;
}

/** Asks the browser again and keeps the answer for this visit and the next one. */
export function refreshTimeZone(): string {
  zone = zoneOfBrowser();
  getLocalStorage().setItem(KEY, zone);
  return zone;
}

/** After the first paint, and on every return to the page: the zone the browser is in now. */
export function keepTimeZoneFresh(): void {
  const refresh = () => void refreshTimeZone();
  if ('requestIdleCallback' in window) requestIdleCallback(refresh, { timeout: 5_000 });
  else setTimeout(refresh, 1_000);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') refresh();
  });
}

function zoneOfBrowser(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
