import { formatDate } from '../../../lib/dates';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** "just now", "5 minutes ago", "3 hours ago", "yesterday", "4 days ago", then the date ("on Mar 3, 2026"). */
export function lastUseInWords(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  const ago = Math.max(0, now.getTime() - at.getTime());
  if (ago < MINUTE) return 'just now';
  if (ago < HOUR) return relative.format(-Math.floor(ago / MINUTE), 'minute');
  if (ago < DAY) return relative.format(-Math.floor(ago / HOUR), 'hour');
  if (ago < 7 * DAY) return relative.format(-Math.floor(ago / DAY), 'day');
  return `on ${dateInWords(iso)}`;
}

/** "Mar 3, 2026" in the person's language (lib/dates.ts). */
export function dateInWords(iso: string): string {
  return formatDate(iso, 'date');
}
