import { formatDate } from '../../../lib/dates';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

/**
 * How long ago something happened, short as a card shows it: "now", "5m", "3h", "2d", "3w",
 * then the date ("Mar 4", with the year when it is not this year's). A time a little in the
 * future (a phone's clock behind the server's) reads "now".
 */
export function timeAgo(iso: string, now: Date): string {
  const then = new Date(iso);
  const elapsed = now.getTime() - then.getTime();
  if (Number.isNaN(elapsed)) return '';
  if (elapsed < MINUTE) return 'now';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)}m`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)}h`;
  if (elapsed < WEEK) return `${Math.floor(elapsed / DAY)}d`;
  if (elapsed < 5 * WEEK) return `${Math.floor(elapsed / WEEK)}w`;
  return formatDate(then, then.getFullYear() === now.getFullYear() ? 'dayMonth' : 'date');
}

/** The same moment spelled out for screen readers and the tooltip: "5 minutes ago". */
export function timeAgoLong(iso: string, now: Date): string {
  const short = timeAgo(iso, now);
  const match = /^(\d+)([mhdw])$/.exec(short);
  if (short === 'now') return 'just now';
  if (!match) return short ? `on ${short}` : '';
  const amount = Number(match[1]);
  const unit = { m: 'minute', h: 'hour', d: 'day', w: 'week' }[match[2] as 'm' | 'h' | 'd' | 'w'];
  return `${amount} ${unit}${amount === 1 ? '' : 's'} ago`;
}
