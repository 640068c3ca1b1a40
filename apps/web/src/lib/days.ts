import { addDays, localDay, type Day } from '@doers/contract';
import { formatDate } from './dates';
import { getTimeZone } from './timezone';

/**
 * Showing calendar days as the API sends them ('2026-03-01', already in the person's own zone);
 * the arithmetic itself (`addDays`, `daysBetween`) is the contract's, shared with the server.
 * Dates are built at UTC midnight and formatted in UTC, so no local zone can shift a day.
 */
export function dayToDate(day: Day): Date {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, date!));
}

/** 0 for Monday … 6 for Sunday: Doers' weeks start on Monday. */
export function weekdayMondayFirst(day: Day): number {
  return (dayToDate(day).getUTCDay() + 6) % 7;
}

/** 'March 3' (in the US; '3 March' in Britain: lib/dates.ts) */
export function formatDayLong(day: Day): string {
  return formatDate(dayToDate(day), 'dayMonthLong', { utc: true });
}

/** 'Mar 3' */
export function formatDayShort(day: Day): string {
  return formatDate(dayToDate(day), 'dayMonth', { utc: true });
}

/** 'Today', 'Yesterday', else 'March 3'. */
export function formatRelativeDay(day: Day, today: Day): string {
  if (day === today) return 'Today';
  if (day === addDays(today, -1)) return 'Yesterday';
  return formatDayLong(day);
}

/**
 * The person's own calendar day in the browser's zone, for screens without a server `today` at
 * hand: the same rule the server counts days by (docs/product/check-ins-and-streaks.md).
 */
export function localToday(now = new Date(), dayStartHour = 0): Day {
  return localDay(now, getTimeZone(), dayStartHour);
}
