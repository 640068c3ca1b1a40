import { describe, expect, it } from 'vitest';
import { timeAgo, timeAgoLong } from './time-ago';

const NOW = new Date('2026-11-23T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
const MIN = 60_000;

describe('time ago on a card', () => {
  it('reads now, minutes, hours, days and weeks, then the date', () => {
    expect(timeAgo(ago(30_000), NOW)).toBe('now');
    expect(timeAgo(ago(-90_000), NOW)).toBe('now'); // a phone clock a little behind
    expect(timeAgo(ago(5 * MIN), NOW)).toBe('5m');
    expect(timeAgo(ago(59 * MIN), NOW)).toBe('59m');
    expect(timeAgo(ago(60 * MIN), NOW)).toBe('1h');
    expect(timeAgo(ago(23 * 60 * MIN), NOW)).toBe('23h');
    expect(timeAgo(ago(2 * 24 * 60 * MIN), NOW)).toBe('2d');
    expect(timeAgo(ago(14 * 24 * 60 * MIN), NOW)).toBe('2w');
    expect(timeAgo('2026-03-04T12:00:00.000Z', NOW)).toBe('Mar 4');
    expect(timeAgo('2025-03-04T12:00:00.000Z', NOW)).toBe('Mar 4, 2025');
    expect(timeAgo('not a date', NOW)).toBe('');
  });

  it('spells it out for screen readers', () => {
    expect(timeAgoLong(ago(10_000), NOW)).toBe('just now');
    expect(timeAgoLong(ago(MIN), NOW)).toBe('1 minute ago');
    expect(timeAgoLong(ago(3 * 60 * MIN), NOW)).toBe('3 hours ago');
    expect(timeAgoLong('2026-03-04T12:00:00.000Z', NOW)).toBe('on Mar 4');
  });
});
