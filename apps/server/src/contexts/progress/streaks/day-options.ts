import type { Day } from '@doers/contract';
import {
  LATE_CHECK_IN_HOURS,
  checkInWindow,
  markFor,
  sameDay,
  type DayMark,
  type LocalNow,
} from './streak-calculator.js';

/**
 * What a person may do on a quest right now. The quest view shows these answers and the
 * check-in and undo endpoints enforce the very same ones, so the app never offers what the
 * server will refuse, whatever zone the person opens it from
 * (docs/product/check-ins-and-streaks.md, docs/decisions/0005-days-and-streaks.md).
 */
export type QuestDayState<M extends DayMark> = {
  now: LocalNow;
  questStatus: 'active' | 'completed' | 'abandoned';
  /** The person's place on the quest; null when they never joined. */
  participant: { status: 'active' | 'left'; joinedOn: Day } | null;
  /** Their check-ins on this quest, oldest first; the last few days are enough. */
  marks: readonly M[];
};

export type CheckInRefusal =
  | { reason: 'quest-closed'; status: 'completed' | 'abandoned' }
  | { reason: 'late-window-closed'; closedAtHour: number }
  | { reason: 'not-participant' }
  | { reason: 'before-start'; joinedOn: Day }
  | { reason: 'already-checked-in'; which: 'today' | 'yesterday' };

export type DayOptions<M extends DayMark> = {
  today: Day;
  yesterday: Day;
  /** The check-in that falls on the person's lived today (whatever its calendar date). */
  todayCheckIn: M | undefined;
  yesterdayCheckIn: M | undefined;
  canCheckInToday: boolean;
  canCheckInYesterday: boolean;
  canUndoToday: boolean;
};

export function dayOptions<M extends DayMark>(state: QuestDayState<M>): DayOptions<M> {
  const window = checkInWindow(state.now);
  return {
    today: window.today,
    yesterday: window.yesterday,
    todayCheckIn: findCheckIn(state.marks, state.now, 'today'),
    yesterdayCheckIn: findCheckIn(state.marks, state.now, 'yesterday'),
    canCheckInToday: checkInRefusal(state, 'today') === null,
    canCheckInYesterday: checkInRefusal(state, 'yesterday') === null,
    canUndoToday: findCheckIn(state.marks, state.now, 'today') !== undefined,
  };
}

/** Why a check-in for today or (late) for yesterday would be refused now, or null. */
export function checkInRefusal<M extends DayMark>(
  state: QuestDayState<M>,
  which: 'today' | 'yesterday',
): CheckInRefusal | null {
  if (state.questStatus !== 'active') return { reason: 'quest-closed', status: state.questStatus };
  if (which === 'yesterday' && !checkInWindow(state.now).lateOpen) {
    const closedAtHour = (LATE_CHECK_IN_HOURS + state.now.dayStartHour) % 24;
    return { reason: 'late-window-closed', closedAtHour };
  }
  if (state.participant?.status !== 'active') return { reason: 'not-participant' };
  if (markFor(state.now, which).day < state.participant.joinedOn) {
    return { reason: 'before-start', joinedOn: state.participant.joinedOn };
  }
  if (findCheckIn(state.marks, state.now, which)) return { reason: 'already-checked-in', which };
  return null;
}

/** The check-in on the lived day a check-in made now for `which` would fall on, if any. */
export function findCheckIn<M extends DayMark>(
  marks: readonly M[],
  now: LocalNow,
  which: 'today' | 'yesterday',
): M | undefined {
  const mark = markFor(now, which);
  // Marks come oldest first: the match, if any, is among the last few. One more than four days
  // before the mark cannot share its lived day (zones and day-start hours move a day by at most
  // 49 hours), so the look stops there however long the person's history.
  for (let i = marks.length - 1; i >= 0; i--) {
    const m = marks[i]!;
    if (mark.at.getTime() - m.at.getTime() > SAME_DAY_REACH_MS) return undefined;
    if (sameDay(m, mark)) return m;
  }
  return undefined;
}

const SAME_DAY_REACH_MS = 4 * 86_400_000;
