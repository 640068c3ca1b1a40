import { describe, expect, it } from 'vitest';
import { buildCalendarGrid, calendarCellLabel, countCheckedIn } from './calendar-grid';

const entry = (day: string, checkedIn = true, rest = false, tasksDone = 0) => ({
  day,
  checkedIn,
  rest,
  tasksDone,
});

describe('buildCalendarGrid', () => {
  it('gives 6 Monday-first weeks whose last row holds today', () => {
    // 2026-03-04 is a Wednesday.
    const grid = buildCalendarGrid([], '2026-03-04');
    expect(grid).toHaveLength(6);
    expect(grid.every((row) => row.length === 7)).toBe(true);
    expect(grid[0]![0]!.day).toBe('2026-01-26'); // a Monday, 5 weeks before today's week
    expect(grid[5]![0]!.day).toBe('2026-03-02'); // Monday of today's week
    expect(grid[5]![2]).toMatchObject({ day: '2026-03-04', isToday: true, state: 'missed' });
    expect(grid[5]![6]).toMatchObject({ day: '2026-03-08', state: 'future' });
    expect(grid.flat().filter((cell) => cell.isToday)).toHaveLength(1);
  });

  it('puts a Sunday today at the end of the last row and a Monday today at its start', () => {
    expect(buildCalendarGrid([], '2026-03-08')[5]![6]).toMatchObject({ isToday: true });
    const monday = buildCalendarGrid([], '2026-03-09');
    expect(monday[5]![0]).toMatchObject({ day: '2026-03-09', isToday: true });
    expect(monday[5]!.slice(1).every((cell) => cell.state === 'future')).toBe(true);
  });

  it('marks checked-in and rest days, checked winning over rest', () => {
    const grid = buildCalendarGrid(
      [
        entry('2026-03-02', true, false, 3),
        entry('2026-03-03', false, true),
        entry('2026-03-01', true, true),
      ],
      '2026-03-04',
    );
    const byDay = new Map(grid.flat().map((cell) => [cell.day, cell]));
    expect(byDay.get('2026-03-02')).toMatchObject({ state: 'checked', tasksDone: 3 });
    expect(byDay.get('2026-03-03')).toMatchObject({ state: 'rest' });
    expect(byDay.get('2026-03-01')).toMatchObject({ state: 'checked' });
    expect(byDay.get('2026-02-28')).toMatchObject({ state: 'missed' });
    expect(countCheckedIn(grid)).toBe(2);
  });

  it('marks days before the quest began', () => {
    const grid = buildCalendarGrid([], '2026-03-04', { startedOn: '2026-03-03' });
    const byDay = new Map(grid.flat().map((cell) => [cell.day, cell.state]));
    expect(byDay.get('2026-03-02')).toBe('before');
    expect(byDay.get('2026-03-03')).toBe('missed');
  });

  it('walks through a leap day, and knows 2100 is not a leap year', () => {
    const leap = buildCalendarGrid([entry('2028-02-29')], '2028-03-01').flat();
    const days = leap.map((cell) => cell.day);
    expect(days).toContain('2028-02-29');
    expect(days[days.indexOf('2028-02-29') + 1]).toBe('2028-03-01');
    expect(leap.find((cell) => cell.day === '2028-02-29')).toMatchObject({
      state: 'checked',
      dayOfMonth: 29,
    });
    // 2028-03-01 is a Wednesday: the grid still starts on a Monday.
    expect(leap[0]!.day).toBe('2028-01-24');

    const noLeap = buildCalendarGrid([], '2100-03-01')
      .flat()
      .map((cell) => cell.day);
    expect(noLeap).not.toContain('2100-02-29');
    expect(noLeap[noLeap.indexOf('2100-02-28') + 1]).toBe('2100-03-01');
  });

  it('crosses a year end and stays unaffected by daylight saving changes', () => {
    const grid = buildCalendarGrid([], '2026-01-02');
    const days = grid.flat().map((cell) => cell.day);
    expect(days).toContain('2025-12-31');
    expect(new Set(days).size).toBe(42);
    // Europe's spring change (2026-03-29) is a Sunday: still one cell per day.
    const spring = buildCalendarGrid([], '2026-03-31')
      .flat()
      .map((cell) => cell.day);
    expect(spring.filter((day) => day === '2026-03-29')).toHaveLength(1);
    expect(spring[spring.indexOf('2026-03-29') + 1]).toBe('2026-03-30');
  });

  it('honours a different number of weeks', () => {
    expect(buildCalendarGrid([], '2026-03-04', { weeks: 2 })).toHaveLength(2);
  });
});

describe('calendarCellLabel', () => {
  const grid = buildCalendarGrid(
    [entry('2026-03-03'), entry('2026-03-02', false, true)],
    '2026-03-04',
  );
  const cell = (day: string) => grid.flat().find((c) => c.day === day)!;

  it('names the day and its state', () => {
    expect(calendarCellLabel(cell('2026-03-03'))).toBe('March 3: checked in');
    expect(calendarCellLabel(cell('2026-03-02'))).toBe('March 2: rest day');
    expect(calendarCellLabel(cell('2026-03-01'))).toBe('March 1: no check-in');
    expect(calendarCellLabel(cell('2026-03-05'))).toBe('March 5: still to come');
  });

  it('says when a day is today', () => {
    expect(calendarCellLabel(cell('2026-03-04'))).toBe('March 4, today: not checked in yet');
  });
});
