import { afterEach, describe, expect, it } from 'vitest';
import { formatDate, pinDateLocale } from './dates';

describe('formatDate', () => {
  afterEach(() => pinDateLocale('en-US'));
  const at = '2026-11-27T14:05:00Z';

  it("writes every style in the person's language: the same instant, in the order they read", () => {
    pinDateLocale('en-GB');
    expect(formatDate(at, 'date', { utc: true })).toBe('27 Nov 2026');
    expect(formatDate(at, 'dateLong', { utc: true })).toBe('27 November 2026');
    expect(formatDate(at, 'dayMonthLong', { utc: true })).toBe('27 November');
    pinDateLocale('en-US');
    expect(formatDate(at, 'date', { utc: true })).toBe('Nov 27, 2026');
    expect(formatDate(at, 'dateLong', { utc: true })).toBe('November 27, 2026');
    expect(formatDate(at, 'dayMonthLong', { utc: true })).toBe('November 27');
    pinDateLocale('de-DE');
    expect(formatDate(at, 'dateLong', { utc: true })).toBe('27. November 2026');
  });

  it('writes a calendar day in UTC, so that no zone moves it', () => {
    expect(formatDate('2026-03-01T00:00:00Z', 'dayMonth', { utc: true })).toBe('Mar 1');
  });

  it('writes nothing for a date that is not one', () => {
    expect(formatDate('not a date', 'date')).toBe('');
  });
});
