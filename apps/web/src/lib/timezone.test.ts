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
    expect(localStorage.getItem('doers-time-zone-offset')).toBe(
      String(new Date().getTimezoneOffset()),
    );
  });

  it('on a first visit asks the browser only when a request needs the zone', async () => {
    const asked = browserZone('Europe/Lisbon');
    const { getTimeZone, keepTimeZoneFresh } = await freshModule();
    keepTimeZoneFresh();
    document.dispatchEvent(new Event('visibilitychange'));
    expect(asked).not.toHaveBeenCalled();
    expect(getTimeZone()).toBe('Europe/Lisbon');
    expect(asked).toHaveBeenCalledTimes(1);
  });

  it('starts from the zone the last visit saw, without asking the browser', async () => {
    localStorage.setItem('doers-time-zone', 'Asia/Tokyo');
    const asked = browserZone('Europe/Lisbon');
    const { getTimeZone } = await freshModule();
    expect(getTimeZone()).toBe('Asia/Tokyo');
    expect(asked).not.toHaveBeenCalled();
  });

  it('follows a traveller: back on the page with another offset, the zone is the new one', async () => {
    localStorage.setItem('doers-time-zone', 'Asia/Tokyo');
    localStorage.setItem('doers-time-zone-offset', '-540');
    vi.spyOn(Date.prototype, 'getTimezoneOffset').mockReturnValue(420);
    browserZone('America/Denver');
    const { getTimeZone, keepTimeZoneFresh } = await freshModule();
    keepTimeZoneFresh();
    document.dispatchEvent(new Event('visibilitychange'));
    expect(getTimeZone()).toBe('America/Denver');
    expect(localStorage.getItem('doers-time-zone')).toBe('America/Denver');
    expect(localStorage.getItem('doers-time-zone-offset')).toBe('420');
  });

  it('does not ask the browser again while the offset is the one saved with the zone', async () => {
    localStorage.setItem('doers-time-zone', 'Asia/Tokyo');
    localStorage.setItem('doers-time-zone-offset', '-540');
    vi.spyOn(Date.prototype, 'getTimezoneOffset').mockReturnValue(-540);
    const asked = browserZone('Asia/Seoul');
    const { getTimeZone, keepTimeZoneFresh } = await freshModule();
    keepTimeZoneFresh();
    document.dispatchEvent(new Event('visibilitychange'));
    expect(getTimeZone()).toBe('Asia/Tokyo');
    expect(asked).not.toHaveBeenCalled();
  });

  it('asks again when the zone was saved without its offset', async () => {
    localStorage.setItem('doers-time-zone', 'Asia/Tokyo');
    browserZone('Europe/Lisbon');
    const { getTimeZone, keepTimeZoneFresh } = await freshModule();
    keepTimeZoneFresh();
    document.dispatchEvent(new Event('visibilitychange'));
    expect(getTimeZone()).toBe('Europe/Lisbon');
  });

  it('falls back to UTC when the browser cannot say', async () => {
    vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(() => {
      throw new RangeError('no ICU');
    });
    const { getTimeZone } = await freshModule();
    expect(getTimeZone()).toBe('UTC');
  });
});
