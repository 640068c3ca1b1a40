import { describe, expect, it } from 'vitest';
import { checkInRefusal, dayOptions, type QuestDayState } from './day-options.js';
import { markFor, type DayMark, type LocalNow } from './streak-calculator.js';

const now = (iso: string, zone = 'UTC', dayStartHour = 0): LocalNow => ({
  now: new Date(iso),
  zone,
  dayStartHour,
});
/** A check-in made at `iso` in `zone` for that day. */
const at = (iso: string, zone = 'UTC'): DayMark => markFor(now(iso, zone), 'today');

const state = (over: Partial<QuestDayState<DayMark>> & { now: LocalNow }) => ({
  questStatus: 'active' as const,
  participant: { status: 'active' as const, joinedOn: '2026-01-01' },
  marks: [],
  ...over,
});

type Case = {
  name: string;
  state: QuestDayState<DayMark>;
  expect: {
    today: string;
    canCheckInToday: boolean;
    canCheckInYesterday: boolean;
    canUndoToday: boolean;
  };
};

const cases: Case[] = [
  {
    name: 'nothing yet, morning: today and (late) yesterday are open',
    state: state({ now: now('2026-03-10T09:00Z') }),
    expect: {
      today: '2026-03-10',
      canCheckInToday: true,
      canCheckInYesterday: true,
      canUndoToday: false,
    },
  },
  {
    name: 'afternoon: the late window for yesterday has closed',
    state: state({ now: now('2026-03-10T12:00Z') }),
    expect: {
      today: '2026-03-10',
      canCheckInToday: true,
      canCheckInYesterday: false,
      canUndoToday: false,
    },
  },
  {
    name: 'checked in today: undo instead',
    state: state({ now: now('2026-03-10T20:00Z'), marks: [at('2026-03-10T08:00Z')] }),
    expect: {
      today: '2026-03-10',
      canCheckInToday: false,
      canCheckInYesterday: false,
      canUndoToday: true,
    },
  },
  {
    name: 'Pago Pago Nov 22 check-in seen from Kiritimati on Nov 23: the same lived day',
    state: state({
      now: now('2026-11-23T08:00Z', 'Pacific/Kiritimati'),
      marks: [at('2026-11-23T07:00Z', 'Pacific/Pago_Pago')],
    }),
    expect: {
      today: '2026-11-23',
      canCheckInToday: false,
      canCheckInYesterday: false,
      canUndoToday: true,
    },
  },
  {
    name: 'started on Nov 23 in Kiritimati, seen from Pago Pago on Nov 22',
    state: state({
      now: now('2026-11-23T08:00Z', 'Pacific/Pago_Pago'),
      participant: { status: 'active', joinedOn: '2026-11-23' },
    }),
    expect: {
      today: '2026-11-22',
      canCheckInToday: false,
      canCheckInYesterday: false,
      canUndoToday: false,
    },
  },
  {
    name: 'a completed quest takes no check-ins, but today’s can still be undone',
    state: state({
      now: now('2026-03-10T09:00Z'),
      questStatus: 'completed',
      marks: [at('2026-03-10T08:00Z')],
    }),
    expect: {
      today: '2026-03-10',
      canCheckInToday: false,
      canCheckInYesterday: false,
      canUndoToday: true,
    },
  },
  {
    name: 'not on the quest: nothing to do',
    state: state({ now: now('2026-03-10T09:00Z'), participant: null }),
    expect: {
      today: '2026-03-10',
      canCheckInToday: false,
      canCheckInYesterday: false,
      canUndoToday: false,
    },
  },
  {
    name: 'a night owl at 02:00 with a 04:00 day start is still on yesterday, 22 hours in',
    state: state({ now: now('2026-03-10T02:00Z', 'UTC', 4) }),
    expect: {
      today: '2026-03-09',
      canCheckInToday: true,
      canCheckInYesterday: false,
      canUndoToday: false,
    },
  },
];

describe('dayOptions: what a person may do on a quest now', () => {
  it.each(cases)('$name', ({ state, expect: expected }) => {
    expect(dayOptions(state)).toMatchObject(expected);
  });
});

describe('checkInRefusal: why the endpoint says no', () => {
  it('names the first reason, in the order the endpoint checks them', () => {
    // 15:00 with a 02:00 day start: 13 hours in, so yesterday closed at 14:00.
    const base = state({ now: now('2026-03-10T15:00Z', 'UTC', 2) });
    expect(checkInRefusal({ ...base, questStatus: 'abandoned' }, 'today')).toEqual({
      reason: 'quest-closed',
      status: 'abandoned',
    });
    expect(checkInRefusal(base, 'yesterday')).toEqual({
      reason: 'late-window-closed',
      closedAtHour: 14,
    });
    expect(checkInRefusal({ ...base, participant: null }, 'today')).toEqual({
      reason: 'not-participant',
    });
    const joinedTomorrow = { status: 'active' as const, joinedOn: '2026-03-11' };
    expect(checkInRefusal({ ...base, participant: joinedTomorrow }, 'today')).toEqual({
      reason: 'before-start',
      joinedOn: '2026-03-11',
    });
    expect(checkInRefusal({ ...base, marks: [at('2026-03-10T09:00Z')] }, 'today')).toEqual({
      reason: 'already-checked-in',
      which: 'today',
    });
    expect(checkInRefusal(base, 'today')).toBeNull();
  });
});
