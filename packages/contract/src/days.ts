import { z } from 'zod';

/**
 * Calendar days, 'YYYY-MM-DD', and the arithmetic both apps share. A day is always a day as the
 * person lived it, in their own zone (docs/product/check-ins-and-streaks.md).
 */
export const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-03-01')
  .refine(
    (d) =>
      !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) &&
      new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
    'Not a real date',
  );
/** A calendar day, 'YYYY-MM-DD'. */
export type Day = z.infer<typeof day>;

const DAY_MS = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(zone, f);
  }
  return f;
}

type WallClock = { day: Day; hour: number; minute: number };

// formatToParts costs ~10 µs and a request asks several times; the answer holds for the whole
// minute (zone offsets are whole minutes today), so it is kept per zone and minute.
const recentClocks = new Map<string, WallClock>();

/** The wall clock in `zone` at `instant`. */
export function wallClock(instant: Date, zone: string): WallClock {
  const key = `${zone} ${Math.floor(instant.getTime() / 60_000)}`;
  let clock = recentClocks.get(key);
  if (!clock) {
    clock = computeWallClock(instant, zone);
    if (recentClocks.size >= 5_000) recentClocks.clear();
    recentClocks.set(key, clock);
  }
  return { ...clock };
}

function computeWallClock(instant: Date, zone: string): WallClock {
  const parts = Object.fromEntries(
    formatter(zone)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return {
    day: `${parts['year']}-${parts['month']}-${parts['day']}`,
    hour: Number(parts['hour']),
    minute: Number(parts['minute']),
  };
}

/**
 * The person's day at `instant`: their wall-clock date, where a day starts at `dayStartHour`
 * (a night owl with 04:00 is still on Monday at 02:00 on Tuesday). Wall-clock based, so DST
 * changes move nothing.
 */
export function localDay(instant: Date, zone: string, dayStartHour = 0): Day {
  const clock = wallClock(instant, zone);
  return clock.hour < dayStartHour ? addDays(clock.day, -1) : clock.day;
}

/** Hours since the person's day began (0 to 24). */
export function hoursIntoDay(instant: Date, zone: string, dayStartHour = 0): number {
  const clock = wallClock(instant, zone);
  const hours = clock.hour + clock.minute / 60 - dayStartHour;
  return hours < 0 ? hours + 24 : hours;
}

function dayToUtcMs(d: Day): number {
  // The usual YYYY-MM-DD without arrays: a page of quests runs this thousands of times.
  if (d.length === 10 && d.charCodeAt(4) === 45 && d.charCodeAt(7) === 45) {
    return Date.UTC(+d.slice(0, 4), +d.slice(5, 7) - 1, +d.slice(8, 10));
  }
  const [y, m, dd] = d.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, dd);
}

export function addDays(d: Day, n: number): Day {
  return new Date(dayToUtcMs(d) + n * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `a` to `b` (positive when b is later). */
export function daysBetween(a: Day, b: Day): number {
  return Math.round((dayToUtcMs(b) - dayToUtcMs(a)) / DAY_MS);
}
