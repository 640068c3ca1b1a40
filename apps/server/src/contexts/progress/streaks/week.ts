import { addDays, localDay, type Day } from '@doers/contract';
import type { DayMark, LocalNow } from './streak-calculator.js';

/**
 * Weeks run Monday to Sunday in the person's own days (docs/product/leaderboard.md): a week's
 * check-ins are those whose lived day falls between its Monday and today.
 */
export function mondayOf(d: Day): Day {
  // 1970-01-05 was a Monday: whole days since then, modulo 7, is the distance back to Monday.
  const fromMonday = (((Date.parse(`${d}T00:00:00Z`) / 86_400_000 - 4) % 7) + 7) % 7;
  return addDays(d, -fromMonday);
}

/** The Monday of the week `now` falls in, and how many check-ins that week holds so far. */
export function weekFigures(
  checkIns: readonly DayMark[],
  now: LocalNow,
): {
  weekStart: Day;
  checkIns: number;
} {
  const weekStart = mondayOf(localDay(now.now, now.zone, now.dayStartHour));
  return { weekStart, checkIns: checkIns.filter((c) => c.day >= weekStart).length };
}

/** Zones run from UTC−12 to UTC+14, and a day may start up to 23 hours late. */
const EARLIEST_MS = -(12 + 23) * 3_600_000;
const LATEST_MS = 14 * 3_600_000;

/**
 * The Mondays that are "this week" for someone somewhere at `instant`: one, or two around the
 * turn of a week. The board reads only stored weeks among these (an index range, not a scan).
 */
export function currentMondays(instant: Date): Day[] {
  const at = (ms: number) => mondayOf(new Date(instant.getTime() + ms).toISOString().slice(0, 10));
  return [...new Set([at(EARLIEST_MS), at(LATEST_MS)])];
}
