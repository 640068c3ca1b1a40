import { describe, expect, it } from 'vitest';
import { dayHeading, groupByDay } from './day-groups';

const at = (y: number, m: number, d: number, h = 12) => new Date(y, m - 1, d, h).toISOString();

describe('notification day headings', () => {
  const now = new Date(2026, 2, 12, 9); // Thursday 12 March 2026, 09:00 local

  it('names today, yesterday, a weekday within the week, then the date', () => {
    expect(dayHeading(at(2026, 3, 12, 1), now)).toBe('Today');
    expect(dayHeading(at(2026, 3, 11, 23), now)).toBe('Yesterday');
    expect(dayHeading(at(2026, 3, 9), now)).toBe(
      new Date(2026, 2, 9).toLocaleDateString(undefined, { weekday: 'long' }),
    );
    expect(dayHeading(at(2026, 2, 1), now)).toBe(
      new Date(2026, 1, 1).toLocaleDateString(undefined, { month: 'long', day: 'numeric' }),
    );
    expect(dayHeading(at(2025, 12, 30), now)).toContain('2025');
  });

  it('keeps the order and puts each line under its day', () => {
    const items = [at(2026, 3, 12), at(2026, 3, 12, 8), at(2026, 3, 11)].map((createdAt) => ({
      createdAt,
    }));
    expect(groupByDay(items, now).map((g) => [g.heading, g.items.length])).toEqual([
      ['Today', 2],
      ['Yesterday', 1],
    ]);
  });
});
