import { describe, expect, it } from 'vitest';
import { formatDayLong, formatRelativeDay, localToday, weekdayMondayFirst } from './days';

describe('days', () => {
  it('counts weekdays from Monday', () => {
    expect(weekdayMondayFirst('2026-03-02')).toBe(0); // Monday
    expect(weekdayMondayFirst('2026-03-08')).toBe(6); // Sunday
  });

  it('formats days without shifting them through the local zone', () => {
    expect(formatDayLong('2026-03-03')).toBe('March 3');
    expect(formatRelativeDay('2026-03-03', '2026-03-03')).toBe('Today');
    expect(formatRelativeDay('2026-03-02', '2026-03-03')).toBe('Yesterday');
    expect(formatRelativeDay('2026-02-27', '2026-03-03')).toBe('February 27');
  });

  it("reads the browser's own day", () => {
    expect(localToday(new Date(2026, 2, 5, 23, 59))).toBe('2026-03-05');
  });

  it('keeps the hours before the day-start hour in yesterday', () => {
    expect(localToday(new Date(2026, 2, 5, 3, 30), 4)).toBe('2026-03-04');
    expect(localToday(new Date(2026, 2, 5, 4, 0), 4)).toBe('2026-03-05');
    expect(localToday(new Date(2026, 2, 1, 1, 0), 4)).toBe('2026-02-28');
  });
});
