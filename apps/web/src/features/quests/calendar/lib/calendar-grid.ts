import { addDays, type Day, type QuestCalendar } from '@doers/contract';
import { formatDayLong, weekdayMondayFirst } from '../../../../lib/days';

export type CalendarCellState = 'checked' | 'rest' | 'missed' | 'before' | 'future';

export interface CalendarCell {
  day: Day;
  dayOfMonth: number;
  state: CalendarCellState;
  isToday: boolean;
  tasksDone: number;
}

export const CALENDAR_WEEKDAYS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;

/**
 * Whole Monday-first weeks, the last one holding today: `weeks` rows of 7. Days after today are
 * 'future'; days before the quest began are 'before'; the rest come from the server's list, and
 * a day it does not mention had no check-in. A check-in on a rest day shows as checked.
 */
export function buildCalendarGrid(
  days: QuestCalendar['days'],
  today: Day,
  options: { weeks?: number; startedOn?: Day | null } = {},
): CalendarCell[][] {
  const weeks = options.weeks ?? 6;
  const byDay = new Map(days.map((entry) => [entry.day, entry]));
  const firstMonday = addDays(today, -weekdayMondayFirst(today) - (weeks - 1) * 7);
  const grid: CalendarCell[][] = [];
  for (let week = 0; week < weeks; week++) {
    const row: CalendarCell[] = [];
    for (let weekday = 0; weekday < 7; weekday++) {
      const day = addDays(firstMonday, week * 7 + weekday);
      const entry = byDay.get(day);
      let state: CalendarCellState;
      if (day > today) state = 'future';
      else if (entry?.checkedIn) state = 'checked';
      else if (entry?.rest) state = 'rest';
      else if (options.startedOn && day < options.startedOn) state = 'before';
      else state = 'missed';
      row.push({
        day,
        dayOfMonth: Number(day.slice(8)),
        state,
        isToday: day === today,
        tasksDone: entry?.tasksDone ?? 0,
      });
    }
    grid.push(row);
  }
  return grid;
}

const STATE_TEXT: Record<CalendarCellState, string> = {
  checked: 'checked in',
  rest: 'rest day',
  missed: 'no check-in',
  before: 'before the quest began',
  future: 'still to come',
};

/** What a screen reader hears for one day: 'March 3: checked in'. */
export function calendarCellLabel(cell: CalendarCell): string {
  const name = cell.isToday ? `${formatDayLong(cell.day)}, today` : formatDayLong(cell.day);
  const text =
    cell.isToday && cell.state === 'missed' ? 'not checked in yet' : STATE_TEXT[cell.state];
  return `${name}: ${text}`;
}

/** How many days of the grid were checked in, for the caption. */
export function countCheckedIn(grid: CalendarCell[][]): number {
  return grid.flat().filter((cell) => cell.state === 'checked').length;
}
