import { describe, expect, it } from 'vitest';
import { currentMondays, mondayOf, weekFigures } from './week.js';

const mark = (day: string) => ({
  day,
  zone: 'UTC',
  dayStartHour: 0,
  at: new Date(`${day}T12:00Z`),
});

describe('mondayOf', () => {
  it.each([
    ['2026-11-23', '2026-11-23'], // a Monday
    ['2026-11-25', '2026-11-23'], // Wednesday
    ['2026-11-29', '2026-11-23'], // Sunday ends the week
    ['2026-11-30', '2026-11-30'],
    ['2027-01-01', '2026-12-28'], // across a year
    ['2028-03-01', '2028-02-28'], // across a leap day
  ])('%s → %s', (day, monday) => expect(mondayOf(day)).toBe(monday));
});

describe('weekFigures', () => {
  const history = ['2026-11-20', '2026-11-22', '2026-11-23', '2026-11-24', '2026-11-24'].map(mark);

  it.each([
    // [instant, zone, day start hour, week start, check-ins this week]
    ['2026-11-24T12:00Z', 'UTC', 0, '2026-11-23', 3],
    // Monday 01:00 in Berlin is still Sunday in UTC: Berlin's week has begun.
    ['2026-11-23T00:30Z', 'Europe/Berlin', 0, '2026-11-23', 3],
    ['2026-11-23T00:30Z', 'America/New_York', 0, '2026-11-16', 5],
    // A day that starts at 04:00: Monday 02:00 still belongs to Sunday, last week.
    ['2026-11-23T02:00Z', 'UTC', 4, '2026-11-16', 5],
    ['2026-11-30T12:00Z', 'UTC', 0, '2026-11-30', 0],
  ])('at %s in %s (day starts %i h): week of %s with %i', (instant, zone, hour, start, n) => {
    const figures = weekFigures(history, { now: new Date(instant), zone, dayStartHour: hour });
    expect(figures).toEqual({ weekStart: start, checkIns: n });
  });
});

describe('currentMondays', () => {
  it('is one Monday mid-week and two while some zone has turned the week', () => {
    expect(currentMondays(new Date('2026-11-25T12:00Z'))).toEqual(['2026-11-23']);
    // Sunday 20:00 UTC: Monday already in Kiritimati (UTC+14).
    expect(currentMondays(new Date('2026-11-29T20:00Z')).sort()).toEqual([
      '2026-11-23',
      '2026-11-30',
    ]);
  });
});
