import { addDays, type Day, type StatsReport, type UserStats } from '@doers/contract';
import { formatDate } from '../../lib/dates';

/** Every figure of a person's stats, in the order /stats shows them, with its label. */
const FIGURES: ReadonlyArray<{ key: keyof UserStats; label: string }> = [
  { key: 'currentStreak', label: 'Current streak' },
  { key: 'longestStreak', label: 'Longest streak' },
  { key: 'totalCheckIns', label: 'Check-ins' },
  { key: 'activeQuests', label: 'Active quests' },
  { key: 'completedQuests', label: 'Quests I made and completed' },
  { key: 'totalCompletedQuests', label: 'Quests completed' },
  { key: 'totalPosts', label: 'Posts' },
  { key: 'totalSmiles', label: 'Smiles received' },
  { key: 'totalHums', label: 'Hums received' },
  { key: 'totalVibes', label: 'Vibes received' },
  { key: 'totalPostInteractions', label: 'Reactions from others' },
  { key: 'totalSmilesSent', label: 'Smiles given' },
  { key: 'totalVibers', label: 'Vibers' },
  { key: 'totalVibingWith', label: 'Vibing with' },
];

export function statsFigures(stats: UserStats) {
  return FIGURES.map(({ key, label }) => ({ key, label, value: stats[key] }));
}

export const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;
export const checkIns = (n: number) => `${n} ${n === 1 ? 'check-in' : 'check-ins'}`;

/** "Mar 9" ("9 Mar" in Britain: lib/dates.ts): a week's label on the charts (in UTC: a Day is a calendar date, not an instant). */
export function weekLabel(weekStart: Day): string {
  return formatDate(`${weekStart}T00:00:00Z`, 'dayMonth', { utc: true });
}

export type CalendarCell = { day: Day; checkIns: number; level: 0 | 1 | 2 | 3 | 4 };

/**
 * The heatmap's columns: whole weeks, Monday on top, from the week of the first day to today's.
 * Days outside the range are null (the first column may begin mid-week, the last ends today).
 */
export function calendarWeeks(
  calendar: StatsReport['calendar'],
  today: Day,
  length: number,
): (CalendarCell | null)[][] {
  const counts = new Map(calendar.map((c) => [c.day, c.checkIns]));
  const first = addDays(today, 1 - length);
  const weekday = (d: Day) => (new Date(`${d}T00:00:00Z`).getUTCDay() + 6) % 7;
  const weeks: (CalendarCell | null)[][] = [];
  let column: (CalendarCell | null)[] = Array.from({ length: weekday(first) }, () => null);
  for (let d = first; d <= today; d = addDays(d, 1)) {
    const n = counts.get(d) ?? 0;
    column.push({ day: d, checkIns: n, level: n === 0 ? 0 : n >= 4 ? 4 : (n as 1 | 2 | 3) });
    if (column.length === 7) {
      weeks.push(column);
      column = [];
    }
  }
  if (column.length > 0)
    weeks.push([...column, ...Array.from({ length: 7 - column.length }, () => null)]);
  return weeks;
}

/** The calendar in one sentence, for screen readers and as its caption. */
export function calendarSummary(calendar: StatsReport['calendar']): string {
  if (calendar.length === 0) return 'No check-ins in the last year yet.';
  const total = calendar.reduce((n, c) => n + c.checkIns, 0);
  return `${checkIns(total)} on ${days(calendar.length)} in the last year.`;
}

/** Check-ins per month of the calendar, newest first: the heatmap's table for screen readers. */
export function calendarByMonth(calendar: StatsReport['calendar']) {
  const months = new Map<string, { days: number; checkIns: number }>();
  for (const c of calendar) {
    const key = c.day.slice(0, 7);
    const month = months.get(key) ?? { days: 0, checkIns: 0 };
    month.days += 1;
    month.checkIns += c.checkIns;
    months.set(key, month);
  }
  return [...months.entries()]
    .sort(([a], [b]) => b.localeCompare(a))
    .map(([key, m]) => ({
      month: formatDate(`${key}-01T00:00:00Z`, 'monthYear', { utc: true }),
      ...m,
    }));
}

/** "12 of 30 days (40%)" or "12 check-ins in 20 days so far (60%)". */
export function completionText(q: StatsReport['quests'][number]): string {
  const percent = `${Math.round(q.completion * 100)}%`;
  return q.measure === 'target'
    ? `${q.checkIns} of ${days(q.outOf)} (${percent})`
    : `${checkIns(q.checkIns)} in ${days(q.outOf)} so far (${percent})`;
}
