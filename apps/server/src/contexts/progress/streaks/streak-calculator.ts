import { addDays, daysBetween, hoursIntoDay, localDay, type Day } from '@doers/contract';

/**
 * Yesterday may still be checked in until the day-start hour + 12 h of today
 * (docs/decisions/0005-days-and-streaks.md).
 */
export const LATE_CHECK_IN_HOURS = 12;

/**
 * A day someone checked in, as they lived it: the day in the zone and day-start hour they had
 * then, and an instant inside that day (for a late check-in, the last minute of yesterday).
 */
export type DayMark = { day: Day; zone: string; dayStartHour: number; at: Date };

/** A person's clock: the instant, their zone and the hour their day starts. Never changed. */
export type LocalNow = Readonly<{ now: Date; zone: string; dayStartHour: number }>;

export type StreakSummary = {
  currentStreak: number;
  longestStreak: number;
  /** The run ending at the last check-in, alive or not (whether it lives is today's question). */
  runLength: number;
  totalDays: number;
  lastDay: Day | null;
};

export type CheckInWindow = Readonly<{
  today: Day;
  yesterday: Day;
  lateOpen: boolean;
  hoursIntoToday: number;
}>;

// A request asks this of its one clock many times (the read, the mark, each day option of the
// quest view it answers with), and each answer goes through the zone's rules: kept per clock.
const windows = new WeakMap<LocalNow, CheckInWindow>();

/** Today, yesterday and whether yesterday may still be checked in, for this person now. */
export function checkInWindow(clock: LocalNow): CheckInWindow {
  const known = windows.get(clock);
  if (known) return known;
  const today = localDay(clock.now, clock.zone, clock.dayStartHour);
  const hours = hoursIntoDay(clock.now, clock.zone, clock.dayStartHour);
  const window = {
    today,
    yesterday: addDays(today, -1),
    lateOpen: hours < LATE_CHECK_IN_HOURS,
    hoursIntoToday: hours,
  };
  windows.set(clock, window);
  return window;
}

/** The mark a check-in made now for `today` or (late) for yesterday leaves behind. */
export function markFor(clock: LocalNow, which: 'today' | 'yesterday'): DayMark {
  const window = checkInWindow(clock);
  if (which === 'today')
    return { day: window.today, zone: clock.zone, dayStartHour: clock.dayStartHour, at: clock.now };
  const lastMinuteOfYesterday = new Date(
    clock.now.getTime() - (window.hoursIntoToday * 60 + 1) * 60_000,
  );
  return {
    day: window.yesterday,
    zone: clock.zone,
    dayStartHour: clock.dayStartHour,
    at: lastMinuteOfYesterday,
  };
}

/**
 * Days from mark `a` to the later mark `b`, as the person lived them. In one zone it is the
 * calendar difference. After a zone change it is the calendar difference the person saw on
 * their phone, but never more than the midnights actually passed in either zone: flying east
 * across the date line skips a date but not a day (a zone change never destroys a day), and
 * flying west never grants a second Monday (never creates one).
 */
export function dayGap(a: DayMark, b: DayMark): number {
  const calendar = daysBetween(a.day, b.day);
  if (a.zone === b.zone && a.dayStartHour === b.dayStartHour) return calendar;
  const inB = daysBetween(localDay(a.at, b.zone, b.dayStartHour), b.day);
  const inA = daysBetween(a.day, localDay(b.at, a.zone, a.dayStartHour));
  return Math.min(calendar, Math.max(inA, inB));
}

/** Two marks fall on one lived day (ordered by instant first): a gap of 0 or less. */
export function sameDay(a: DayMark, b: DayMark): boolean {
  return a.at <= b.at ? dayGap(a, b) <= 0 : dayGap(b, a) <= 0;
}

/** The calendar days between two marks (in the later one's frame), none when they touch. */
function daysBetweenMarks(a: DayMark, b: DayMark): Day[] {
  const from = localDay(a.at, b.zone, b.dayStartHour);
  const gap = daysBetween(from, b.day);
  return Array.from({ length: Math.max(0, gap - 1) }, (_, i) => addDays(from, i + 1));
}

/**
 * Where a walk over someone's marks (sorted by `at`) stands: the run so far, the longest, the
 * distinct days and the check-ins counted, and the mark that last counted a day (the first of
 * its lived day). A streak is a left fold, so the state after any prefix of the marks is all a
 * later walk needs of it: checkpoints keep one and later writes read only the marks after it
 * (docs/decisions/0005-days-and-streaks.md).
 */
export type StreakFold = Readonly<{
  run: number;
  longest: number;
  days: number;
  checkIns: number;
  previous: DayMark | null;
}>;

export const NO_MARKS: StreakFold = { run: 0, longest: 0, days: 0, checkIns: 0, previous: null };

/** The fold over every mark before `before`. */
export type StreakCheckpoint = StreakFold & Readonly<{ before: Date }>;

/**
 * The checkpoint before anything: a walk from it reads every mark. Never stored as it is:
 * foldFrom always moves a checkpoint up to now − CHECKPOINT_LAG_DAYS.
 */
export const FROM_FIRST_MARK: StreakCheckpoint = { ...NO_MARKS, before: new Date(-8.64e15) };

/**
 * How far behind now a checkpoint is kept. A change only adds or removes a mark of today or
 * yesterday (at most ~4 days back in any zone and day-start hour), and the week's figures read
 * the marks since this week's Monday (at most ~9 days back): marks older than this are settled.
 */
export const CHECKPOINT_LAG_DAYS = 10;

/** Walks on from `start` over `marks` (sorted by `at`, all after what `start` holds). */
export function foldStreak(
  start: StreakFold,
  marks: readonly DayMark[],
  restDays: ReadonlySet<Day>,
): StreakFold {
  let { run, longest, days, checkIns, previous } = start;
  for (const mark of marks) {
    checkIns += 1;
    if (!previous) {
      run = 1;
    } else {
      const gap = dayGap(previous, mark);
      if (gap <= 0) continue;
      run = gap === 1 || allRest(daysBetweenMarks(previous, mark), restDays) ? run + 1 : 1;
    }
    days += 1;
    longest = Math.max(longest, run);
    previous = mark;
  }
  return { run, longest, days, checkIns, previous };
}

/** The figures a fold has come to, the current streak decided in the person's day now. */
export function summaryOf(
  fold: StreakFold,
  restDays: ReadonlySet<Day>,
  clock: LocalNow,
): StreakSummary {
  const last = fold.previous;
  if (!last)
    return { currentStreak: 0, longestStreak: 0, runLength: 0, totalDays: 0, lastDay: null };
  return {
    currentStreak: isRunAlive(last, restDays, clock) ? fold.run : 0,
    longestStreak: fold.longest,
    runLength: fold.run,
    totalDays: fold.days,
    lastDay: last.day,
  };
}

/**
 * The walk on from checkpoint `from` over the marks after it (sorted by `at`, the older ones
 * left out): where it ends, and the checkpoint to keep, moved up to `lagDays` behind now (never
 * back). From FROM_FIRST_MARK over every mark, it is the whole walk.
 */
export function foldFrom(
  from: StreakCheckpoint,
  marks: readonly DayMark[],
  restDays: ReadonlySet<Day>,
  clock: LocalNow,
  lagDays = CHECKPOINT_LAG_DAYS,
): { fold: StreakFold; checkpoint: StreakCheckpoint } {
  const after = marks.filter((m) => m.at >= from.before);
  const lagged = clock.now.getTime() - lagDays * 86_400_000;
  const before = new Date(Math.max(from.before.getTime(), lagged));
  const settled = after.filter((m) => m.at < before);
  const kept = foldStreak(from, settled, restDays);
  return {
    fold: foldStreak(kept, after.slice(settled.length), restDays),
    checkpoint: { ...kept, before },
  };
}

/**
 * Whether a run ending at `last` still counts now: checked in today or yesterday, or yesterday
 * can still be ticked late, or every day since was a rest day.
 */
export function isRunAlive(last: DayMark, restDays: ReadonlySet<Day>, clock: LocalNow): boolean {
  const window = checkInWindow(clock);
  const now = markFor(clock, 'today');
  const gap = dayGap(last, now);
  const between = daysBetweenMarks(last, now);
  return (
    gap <= 1 ||
    (gap === 2 && window.lateOpen) ||
    allRest(between, restDays) ||
    (window.lateOpen && allRest(between.slice(0, -1), restDays))
  );
}

/** The current streak from stored figures: the run, if it is still alive. */
export function currentStreak(
  runLength: number,
  last: DayMark | null,
  restDays: ReadonlySet<Day>,
  clock: LocalNow,
): number {
  return last && isRunAlive(last, restDays, clock) ? runLength : 0;
}

/** The columns a stored run keeps of its last check-in (user_stats, quest_participants). */
export type StoredLastMark = {
  last_day: Day | null;
  last_zone: string | null;
  last_day_start_hour: number | null;
  last_at: Date | null;
};

/** The last check-in of a stored run, or null when the run never had one. */
export function lastMarkOf(row: StoredLastMark): DayMark | null {
  if (!row.last_day || !row.last_zone || !row.last_at) return null;
  return {
    day: row.last_day,
    zone: row.last_zone,
    dayStartHour: row.last_day_start_hour ?? 0,
    at: row.last_at,
  };
}

function allRest(days: Day[], restDays: ReadonlySet<Day>): boolean {
  return days.length > 0 && days.every((d) => restDays.has(d));
}
