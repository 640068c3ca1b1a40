import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  capped,
  isVersionFile,
  mayCheck,
  VERSION_CHECK_COOLDOWN_MS,
  verdict,
} from './version-check';

describe('when the version is checked', () => {
  it('at start, then at most once per 60 s', () => {
    expect(mayCheck(null, 0)).toBe(true);
    expect(mayCheck(1_000, 1_000 + VERSION_CHECK_COOLDOWN_MS - 1)).toBe(false);
    expect(mayCheck(1_000, 1_000 + VERSION_CHECK_COOLDOWN_MS)).toBe(true);
    expect(VERSION_CHECK_COOLDOWN_MS).toBe(60_000);
  });
});

describe("what the server's build id means", () => {
  const served = { buildId: 'b2', version: '0.1.0' };
  it('the first visit stores it', () => expect(verdict(null, served)).toBe('store'));
  it('the same id is nothing new', () => expect(verdict('b2', served)).toBe('same'));
  it('another id is an update', () => expect(verdict('b1', served)).toBe('update'));
  it('only a well-formed version file counts', () => {
    expect(isVersionFile(served)).toBe(true);
    expect(isVersionFile({ buildId: '', version: '1' })).toBe(false);
    expect(isVersionFile('<html>')).toBe(false);
    expect(isVersionFile(null)).toBe(false);
  });
});

describe('each cleanup step is capped', () => {
  afterEach(() => vi.useRealTimers());
  it('a step that hangs is let go after its cap; a failing one does not stop the rest', async () => {
    vi.useFakeTimers();
    let done = false;
    void capped(new Promise(() => {}), 2_000).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(1_999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
    await expect(capped(Promise.reject(new Error('no')), 2_000)).resolves.toBeUndefined();
  });
});
