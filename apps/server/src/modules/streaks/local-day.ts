/** A calendar day, 'YYYY-MM-DD'. */
export type Day = string;

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

/** The wall clock in `zone` at `instant`. */
export function wallClock(instant: Date, zone: string): { day: Day; hour: number; minute: number } {
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

export function addDays(day: Day, n: number): Day {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) + n * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `a` to `b` (positive when b is later). */
export function daysBetween(a: Day, b: Day): number {
  const toMs = (day: Day) => {
    const [y, m, d] = day.split('-').map(Number) as [number, number, number];
    return Date.UTC(y, m - 1, d);
  };
  return Math.round((toMs(b) - toMs(a)) / DAY_MS);
}
