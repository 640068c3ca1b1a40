import { describe, expect, it } from 'vitest';
import { localDay } from '@doers/contract';
import {
  CHECKPOINT_LAG_DAYS,
  FROM_FIRST_MARK,
  NO_MARKS,
  checkInWindow,
  dayGap,
  foldFrom,
  foldStreak,
  markFor,
  summaryOf,
  type StreakCheckpoint,
  type LocalNow,
  type DayMark,
} from './streak-calculator.js';
import { checkpointFromJson, checkpointToJson, type JsonCheckpoint } from './streak-checkpoint.js';

/** A check-in made at `iso` (an instant) by someone in `zone`, for their today. */
const at = (iso: string, zone = 'UTC', dayStartHour = 0): DayMark =>
  markFor({ now: new Date(iso), zone, dayStartHour }, 'today');
const lateAt = (iso: string, zone = 'UTC', dayStartHour = 0): DayMark =>
  markFor({ now: new Date(iso), zone, dayStartHour }, 'yesterday');
const clock = (iso: string, zone = 'UTC', dayStartHour = 0): LocalNow => ({
  now: new Date(iso),
  zone,
  dayStartHour,
});

/** The whole walk over `marks` (sorted by `at`), judged now. */
const summarizeStreak = (marks: DayMark[], rest: Set<string>, now: LocalNow) =>
  summaryOf(foldStreak(NO_MARKS, marks, rest), rest, now);

type Case = {
  name: string;
  marks: DayMark[];
  rest?: string[];
  now: LocalNow;
  current: number;
  longest: number;
};

const cases: Case[] = [
  {
    name: 'three consecutive days',
    marks: [at('2026-03-02T08:00Z'), at('2026-03-03T21:00Z'), at('2026-03-04T07:30Z')],
    now: clock('2026-03-04T20:00Z'),
    current: 3,
    longest: 3,
  },
  {
    name: 'a streak is still alive on a day not yet checked in',
    marks: [at('2026-03-02T08:00Z'), at('2026-03-03T08:00Z')],
    now: clock('2026-03-04T22:00Z'),
    current: 2,
    longest: 2,
  },
  {
    name: 'a missed day starts over',
    marks: [at('2026-03-02T08:00Z'), at('2026-03-03T08:00Z'), at('2026-03-05T08:00Z')],
    now: clock('2026-03-05T09:00Z'),
    current: 1,
    longest: 2,
  },
  {
    name: 'a missed day breaks the current streak once the late window closes',
    marks: [at('2026-03-02T08:00Z'), at('2026-03-03T08:00Z')],
    now: clock('2026-03-05T12:01Z'),
    current: 0,
    longest: 2,
  },
  {
    name: 'yesterday can still be saved until 12:00 today',
    marks: [at('2026-03-02T08:00Z'), at('2026-03-03T08:00Z')],
    now: clock('2026-03-05T11:59Z'),
    current: 2,
    longest: 2,
  },
  {
    name: 'a late check-in of yesterday joins the run',
    marks: [at('2026-03-02T08:00Z'), at('2026-03-03T08:00Z'), lateAt('2026-03-05T09:00Z')],
    now: clock('2026-03-05T09:00Z'),
    current: 3,
    longest: 3,
  },
  {
    name: 'day-start hour 04:00: 02:30 on Tuesday still counts for Monday',
    marks: [at('2026-03-01T21:00Z', 'UTC', 4), at('2026-03-03T02:30Z', 'UTC', 4)],
    now: clock('2026-03-03T03:00Z', 'UTC', 4),
    current: 2,
    longest: 2,
  },
  {
    name: 'day-start hour 04:00 with a late check-in until 16:00',
    marks: [at('2026-03-01T21:00Z', 'UTC', 4)],
    now: clock('2026-03-03T15:59Z', 'UTC', 4),
    current: 1,
    longest: 1,
  },
  {
    name: 'travel east across the date line never destroys a day (LA Mon → Tokyo Wed)',
    marks: [
      at('2026-03-02T20:00-08:00', 'America/Los_Angeles'),
      at('2026-03-04T10:00+09:00', 'Asia/Tokyo'),
    ],
    now: clock('2026-03-04T12:00+09:00', 'Asia/Tokyo'),
    current: 2,
    longest: 2,
  },
  {
    name: 'travel west across the date line, next day in LA continues the run',
    marks: [
      at('2026-03-02T10:00+09:00', 'Asia/Tokyo'),
      at('2026-03-03T15:00-08:00', 'America/Los_Angeles'),
    ],
    now: clock('2026-03-03T16:00-08:00', 'America/Los_Angeles'),
    current: 2,
    longest: 2,
  },
  {
    name: 'New York late evening → London next evening is the next day',
    marks: [
      at('2026-03-02T22:00-05:00', 'America/New_York'),
      at('2026-03-03T21:00Z', 'Europe/London'),
    ],
    now: clock('2026-03-03T22:00Z', 'Europe/London'),
    current: 2,
    longest: 2,
  },
  {
    name: 'DST spring forward in Berlin (Sat, Sun, Mon around 2026-03-29)',
    marks: [
      at('2026-03-28T22:00+01:00', 'Europe/Berlin'),
      at('2026-03-29T23:30+02:00', 'Europe/Berlin'),
      at('2026-03-30T00:30+02:00', 'Europe/Berlin'),
    ],
    now: clock('2026-03-30T08:00+02:00', 'Europe/Berlin'),
    current: 3,
    longest: 3,
  },
  {
    name: 'DST fall back in New York (2026-11-01) with day start 02:00',
    marks: [
      at('2026-10-31T23:00-04:00', 'America/New_York', 2),
      at('2026-11-01T01:30-05:00', 'America/New_York', 2),
    ],
    now: clock('2026-11-01T10:00-05:00', 'America/New_York', 2),
    current: 1,
    longest: 1,
  },
  {
    name: 'a rest day neither breaks nor extends the run',
    marks: [at('2026-03-02T08:00Z'), at('2026-03-04T08:00Z')],
    rest: ['2026-03-03'],
    now: clock('2026-03-04T09:00Z'),
    current: 2,
    longest: 2,
  },
  {
    name: 'a rest day keeps today’s streak alive',
    marks: [at('2026-03-02T08:00Z')],
    rest: ['2026-03-03'],
    now: clock('2026-03-04T20:00Z'),
    current: 1,
    longest: 1,
  },
  {
    name: 'undo of today leaves yesterday’s streak alive',
    marks: [at('2026-03-02T08:00Z'), at('2026-03-03T08:00Z')],
    now: clock('2026-03-04T08:05Z'),
    current: 2,
    longest: 2,
  },
  {
    name: 'leap day: 28 Feb, 29 Feb, 1 Mar 2028',
    marks: [at('2028-02-28T08:00Z'), at('2028-02-29T08:00Z'), at('2028-03-01T08:00Z')],
    now: clock('2028-03-01T09:00Z'),
    current: 3,
    longest: 3,
  },
  {
    name: 'no leap day in 2027: 28 Feb → 1 Mar is consecutive',
    marks: [at('2027-02-28T08:00Z'), at('2027-03-01T08:00Z')],
    now: clock('2027-03-01T09:00Z'),
    current: 2,
    longest: 2,
  },
  {
    name: 'several quests on one day count once',
    marks: [at('2026-03-02T08:00Z'), at('2026-03-02T09:00Z'), at('2026-03-03T08:00Z')],
    now: clock('2026-03-03T09:00Z'),
    current: 2,
    longest: 2,
  },
  { name: 'nothing yet', marks: [], now: clock('2026-03-03T09:00Z'), current: 0, longest: 0 },
];

describe('summarizeStreak', () => {
  it.each(cases)('$name', ({ marks, rest, now, current, longest }) => {
    const summary = summarizeStreak(marks, new Set(rest ?? []), now);
    expect({ current: summary.currentStreak, longest: summary.longestStreak }).toEqual({
      current,
      longest,
    });
  });

  it('counts distinct days', () => {
    const summary = summarizeStreak(
      [at('2026-03-02T08:00Z'), at('2026-03-02T18:00Z'), at('2026-03-04T08:00Z')],
      new Set(),
      clock('2026-03-04T09:00Z'),
    );
    expect(summary.totalDays).toBe(2);
  });
});

describe('dayGap', () => {
  it('never grants a second Monday when flying west (Tokyo Mon 23:00 → LA Mon 20:00)', () => {
    expect(
      dayGap(
        at('2026-03-02T23:00+09:00', 'Asia/Tokyo'),
        at('2026-03-02T20:00-08:00', 'America/Los_Angeles'),
      ),
    ).toBe(0);
  });
  it('is the calendar difference in one zone', () => {
    expect(dayGap(at('2026-03-02T23:59Z'), at('2026-03-03T00:01Z'))).toBe(1);
  });
});

describe('checkInWindow', () => {
  it('gives today, yesterday and the late window in the person’s zone', () => {
    expect(checkInWindow(clock('2026-03-03T02:00Z', 'America/Los_Angeles'))).toMatchObject({
      today: '2026-03-02',
      yesterday: '2026-03-01',
      lateOpen: false,
    });
    expect(checkInWindow(clock('2026-03-03T10:00+09:00', 'Asia/Tokyo')).lateOpen).toBe(true);
  });

  it('puts a late check-in on the last minute of yesterday', () => {
    const mark = lateAt('2026-03-05T09:00+01:00', 'Europe/Paris');
    expect(mark.day).toBe('2026-03-04');
    expect(localDay(mark.at, 'Europe/Paris')).toBe('2026-03-04');
  });
});

describe('foldFrom: a walk from a checkpoint', () => {
  const zones = [
    'UTC',
    'Asia/Tokyo',
    'America/Los_Angeles',
    'Pacific/Kiritimati',
    'Pacific/Pago_Pago',
  ];
  type Change = { t: number; kind: 'add' | 'remove'; mark: DayMark };

  /**
   * A year of one person's check-ins from a seeded generator, as the changes the server sees, in
   * the order they are made: check-ins for today, late ones for yesterday (made hours after
   * their instant, up to the late window's close), undos of today's hours later, in zones from
   * UTC−11 to UTC+14 and days starting at 0, 4 or 23 h, with rest days and gaps.
   */
  function history(seed: number): { changes: Change[]; rest: Set<string> } {
    let state = seed;
    const next = () => (state = (state * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
    const changes: Change[] = [];
    const rest = new Set<string>();
    let zone = 'UTC';
    let dayStartHour = 0;
    for (let day = 0; day < 365; day++) {
      if (next() < 0.08) zone = zones[Math.floor(next() * zones.length)]!;
      if (next() < 0.03) dayStartHour = [0, 4, 23][Math.floor(next() * 3)]!;
      const t = Date.UTC(2026, 0, 1) + (day + next()) * 86_400_000;
      const now = clock(new Date(t).toISOString(), zone, dayStartHour);
      const roll = next();
      if (roll < 0.08) rest.add(checkInWindow(now).today);
      else if (roll < 0.75) {
        const mark = markFor(now, 'today');
        changes.push({ t, kind: 'add', mark });
        if (next() < 0.1) changes.push({ t: t + next() * 6 * 3_600_000, kind: 'remove', mark });
      } else if (roll < 0.9 && checkInWindow(now).lateOpen) {
        changes.push({ t, kind: 'add', mark: markFor(now, 'yesterday') });
      }
      // A second quest's check-in the same day: the day counts once.
      if (next() < 0.15) changes.push({ t: t + 60_000, kind: 'add', mark: markFor(now, 'today') });
    }
    return { changes: changes.sort((a, b) => a.t - b.t), rest };
  }

  /** Each change written as the server writes it; how many walks came to another answer. */
  function replay(seed: number, lagDays?: number): { writes: number; wrong: number } {
    const { changes, rest } = history(seed);
    let known: DayMark[] = [];
    let checkpoint: StreakCheckpoint = FROM_FIRST_MARK;
    let wrong = 0;
    for (const change of changes) {
      known =
        change.kind === 'add'
          ? [...known, change.mark].sort((a, b) => a.at.getTime() - b.at.getTime())
          : known.filter((m) => m !== change.mark);
      const now = clock(new Date(change.t).toISOString());
      const walked = foldFrom(checkpoint, known, rest, now, lagDays);
      if (JSON.stringify(walked.fold) !== JSON.stringify(foldStreak(NO_MARKS, known, rest)))
        wrong += 1;
      // Kept as stored, and read back.
      checkpoint = checkpointFromJson(
        JSON.parse(JSON.stringify(checkpointToJson(walked.checkpoint))) as JsonCheckpoint,
      );
    }
    return { writes: changes.length, wrong };
  }

  it.each([1, 7, 42, 2026, 99_991])(
    'comes to what a walk over every mark does, change after change for a year (seed %i)',
    (seed) => {
      const { writes, wrong } = replay(seed);
      expect(writes).toBeGreaterThan(250);
      expect(wrong).toBe(0);
    },
  );

  it('would go wrong with a checkpoint kept too close to now: late check-ins and undos reach back', () => {
    expect(replay(42, 0).wrong).toBeGreaterThan(0);
  });

  it('keeps the checkpoint ten days behind the last change, never moving it back', () => {
    const { changes, rest } = history(3);
    const marks = changes.filter((c) => c.kind === 'add').map((c) => c.mark);
    marks.sort((a, b) => a.at.getTime() - b.at.getTime());
    const now = clock('2026-12-31T12:00Z');
    const { checkpoint } = foldFrom(FROM_FIRST_MARK, marks, rest, now);
    expect(checkpoint.before.getTime()).toBe(now.now.getTime() - CHECKPOINT_LAG_DAYS * 86_400_000);
    const after = marks.filter((m) => m.at >= checkpoint.before);
    expect(after.length).toBeLessThan(20);
    const earlier = foldFrom(checkpoint, after, rest, clock('2026-12-30T12:00Z'));
    expect(earlier.checkpoint.before).toEqual(checkpoint.before);
    expect(summaryOf(earlier.fold, rest, now)).toEqual(summarizeStreak(marks, rest, now));
  });
});
