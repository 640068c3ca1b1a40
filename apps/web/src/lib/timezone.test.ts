// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The module keeps the zone for the visit: each test loads it afresh, as a new page would.
async function freshModule() {
  vi.resetModules();
  return import('./timezone');
}

function browserZone(zone: string) {
  const resolvedOptions = vi.fn(() => ({ timeZone: zone }) as Intl.ResolvedDateTimeFormatOptions);
  vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(
    () => ({ resolvedOptions }) as unknown as Intl.DateTimeFormat,
  );
  return resolvedOptions;
}

describe('time zone', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.restoreAllMocks());

  it('asks the browser on a first visit and remembers the answer for the next one', async () => {
    browserZone('Europe/Lisbon');
    const { getTimeZone } = await freshModule();
    expect(getTimeZone()).toBe('Europe/Lisbon');
    expect(localStorage.getItem('doers-time-zone')).toBe('Europe/Lisbon');
  });

  it('starts from the zone the last visit saw, without asking the browser', async () => {
    localStorage.setItem('doers-time-zone', 'Asia/Tokyo');
    const asked = browserZone('Europe/Lisbon');
    const { getTimeZone } = await freshModule();
    expect(getTimeZone()).toBe('Asia/Tokyo');
    expect(asked).not.toHaveBeenCalled();
  });

  it('follows a traveller: back on the page, the zone is the one the phone is in now', async () => {
    localStorage.setItem('doers-time-zone', 'Asia/Tokyo');
    browserZone('America/Denver');
    const { getTimeZone, keepTimeZoneFresh } = await freshModule();
    keepTimeZoneFresh();
    document.dispatchEvent(new Event('visibilitychange'));
    expect(getTimeZone()).toBe('America/Denver');
    expect(localStorage.getItem('doers-time-zone')).toBe('America/Denver');
  });

  it('falls back to UTC when the browser cannot say', async () => {
    vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(() => {
      throw new RangeError('no ICU');
    });
    const { getTimeZone } = await freshModule();
    expect(getTimeZone()).toBe('UTC');
  });
});
