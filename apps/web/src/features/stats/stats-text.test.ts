import { describe, expect, it } from 'vitest';
import {
  calendarByMonth,
  calendarSummary,
  calendarWeeks,
  completionText,
  statsFigures,
  weekLabel,
} from './stats-text';

describe('stats texts', () => {
  it('labels all fourteen figures of a person', () => {
    const stats = {
      activeQuests: 1,
      completedQuests: 2,
      currentStreak: 3,
      longestStreak: 4,
      totalCheckIns: 5,
      totalPosts: 6,
      totalSmiles: 7,
      totalVibes: 8,
      totalVibers: 9,
      totalVibingWith: 10,
      totalCompletedQuests: 11,
      totalSmilesSent: 12,
      totalHums: 13,
      totalPostInteractions: 14,
    };
    const figures = statsFigures(stats);
    expect(figures.map((f) => f.value).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 14 }, (_, i) => i + 1),
    );
    expect(new Set(figures.map((f) => f.label)).size).toBe(14);
  });

  it('lays the calendar out in Monday-first weeks ending today', () => {
    // Wednesday 11 March back to Monday 2 March: ten days, two whole weeks' columns.
    const weeks = calendarWeeks(
      [
        { day: '2026-03-02', checkIns: 1 },
        { day: '2026-03-11', checkIns: 6 },
      ],
      '2026-03-11',
      10,
    );
    expect(weeks).toHaveLength(2);
    expect(weeks[0]![0]).toEqual({ day: '2026-03-02', checkIns: 1, level: 1 });
    expect(weeks[1]![2]).toEqual({ day: '2026-03-11', checkIns: 6, level: 4 });
    expect(weeks[1]!.slice(3)).toEqual([null, null, null, null]);
    // Starting on a Thursday leaves Monday to Wednesday of the first column empty.
    expect(calendarWeeks([], '2026-03-11', 7)[0]!.slice(0, 3)).toEqual([null, null, null]);
  });

  it('says the calendar in words and by month', () => {
    expect(calendarSummary([])).toBe('No check-ins in the last year yet.');
    const calendar = [
      { day: '2026-02-27', checkIns: 1 },
      { day: '2026-03-01', checkIns: 2 },
      { day: '2026-03-02', checkIns: 1 },
    ];
    expect(calendarSummary(calendar)).toBe('4 check-ins on 3 days in the last year.');
    expect(calendarByMonth(calendar)).toEqual([
      { month: 'March 2026', days: 2, checkIns: 3 },
      { month: 'February 2026', days: 1, checkIns: 1 },
    ]);
  });

  it('says how far a quest has come', () => {
    const q = { questId: 'q', title: 'Run', emoji: '🏃', status: 'active' as const };
    expect(
      completionText({ ...q, checkIns: 12, outOf: 30, measure: 'target', completion: 0.4 }),
    ).toBe('12 of 30 days (40%)');
    expect(
      completionText({ ...q, checkIns: 1, outOf: 1, measure: 'days-so-far', completion: 1 }),
    ).toBe('1 check-in in 1 day so far (100%)');
    expect(weekLabel('2026-03-09')).toBe('Mar 9');
  });
});
