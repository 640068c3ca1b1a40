import { getLocalStorage } from './storage';
import { whenIdle } from './when-idle';

/**
 * The user's IANA zone for the X-Timezone header; streak days are counted in it
 * (docs/product/check-ins-and-streaks.md).
 *
 * Asking `Intl` for the zone loads the browser's locale data: a quarter of a second of a phone's
 * CPU, in the middle of a cold start. So a visit starts from the zone the last one saw, saved
 * with the UTC offset it had then, and asks `Intl` again only when the offset has moved (a
 * traveller's phone changed zone, or the clocks changed): reading the offset costs nothing.
 * Two zones with the same offset count the same days, so keeping the old name is harmless
 * until the offsets part, and then the next check picks up the new one. Only the very first
 * visit asks `Intl`, with its first request.
 */
const ZONE = 'doers-time-zone';
const OFFSET = 'doers-time-zone-offset';
let zone: string | undefined;

export function getTimeZone(): string {
  zone ??= getLocalStorage().getItem(ZONE) || refreshTimeZone();
  return zone;
}

/** Asks the browser and keeps the answer, with today's offset, for this visit and the next. */
export function refreshTimeZone(): string {
  zone = zoneOfBrowser();
  const storage = getLocalStorage();
  storage.setItem(ZONE, zone);
  storage.setItem(OFFSET, String(offsetNow()));
  return zone;
}

/**
 * After the first paint, and on every return to the page: asks again if the offset moved. A first
 * visit has nothing to check: its zone is asked for when a request first needs it (a visitor on
 * the sign-in page may never send one).
 */
export function keepTimeZoneFresh(): void {
  const check = () => {
    const storage = getLocalStorage();
    if (storage.getItem(ZONE) === null) return;
    if (storage.getItem(OFFSET) !== String(offsetNow())) refreshTimeZone();
  };
  whenIdle(check);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });
}

function offsetNow(): number {
  return new Date().getTimezoneOffset();
}

function zoneOfBrowser(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
