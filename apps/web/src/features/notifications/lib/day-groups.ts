import { formatDate } from '../../../lib/dates';
/**
 * The list's day headings, in the browser's own zone: 'Today', 'Yesterday', a weekday within the
 * last week ('Monday'), else the date ('March 3', with the year when it is not this year's).
 */
export function dayHeading(iso: string, now: Date): string {
  const then = new Date(iso);
  const days = Math.round((startOfDay(now) - startOfDay(then)) / 86_400_000);
  if (days <= 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days < 7) return formatDate(then, 'weekday');
  return formatDate(then, then.getFullYear() === now.getFullYear() ? 'dayMonthLong' : 'dateLong');
}

function startOfDay(d: Date): number {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
}

/** Consecutive items under their day heading, in the order given (newest first). */
export function groupByDay<T extends { createdAt: string }>(
  items: T[],
  now: Date,
): Array<{ heading: string; items: T[] }> {
  const groups: Array<{ heading: string; items: T[] }> = [];
  for (const item of items) {
    const heading = dayHeading(item.createdAt, now);
    const last = groups[groups.length - 1];
    if (last && last.heading === heading) last.items.push(item);
    else groups.push({ heading, items: [item] });
  }
  return groups;
}
