import { describe, expect, it } from 'vitest';
import { dateInWords, lastUseInWords } from './last-use';

describe('last use in words', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

  it('says how long ago, in the largest whole unit', () => {
    expect(lastUseInWords(ago(20_000), now)).toBe('just now');
    expect(lastUseInWords(ago(60_000), now)).toBe('1 minute ago');
    expect(lastUseInWords(ago(59 * 60_000), now)).toBe('59 minutes ago');
    expect(lastUseInWords(ago(3 * 3_600_000 + 1), now)).toBe('3 hours ago');
    expect(lastUseInWords(ago(30 * 3_600_000), now)).toBe('yesterday');
    expect(lastUseInWords(ago(6 * 86_400_000), now)).toBe('6 days ago');
  });

  it('names the date after a week, and never the future', () => {
    expect(lastUseInWords('2026-02-03T08:00:00Z', now)).toBe('on Feb 3, 2026');
    expect(lastUseInWords(ago(-5_000), now)).toBe('just now');
    expect(dateInWords('2026-03-10T09:00:00Z')).toBe('Mar 10, 2026');
  });
});
