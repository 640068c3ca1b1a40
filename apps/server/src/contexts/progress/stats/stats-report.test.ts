import { describe, expect, it } from 'vitest';
import { completionOf, weeksOf } from './stats-report.js';
import type { QuestCompletionRow } from './stats-report.repository.js';

const quest = (q: Partial<QuestCompletionRow>): QuestCompletionRow => ({
  id: 'q',
  title: 'Run',
  emoji: '🏃',
  status: 'active',
  target_days: null,
  end_date: null,
  started_on: '2026-03-01',
  completed_at: null,
  check_ins: 5,
  ...q,
});
const utc = { zone: 'UTC', dayStartHour: 0 };

describe('completionOf', () => {
  it.each([
    ['a target of 10 days', { target_days: 10 }, 10, 'target', 0.5],
    [
      'an end date: its days from the start, both included',
      { end_date: '2026-03-20' },
      20,
      'target',
      0.25,
    ],
    ['no target: the days it has run, today included', {}, 10, 'days-so-far', 0.5],
    [
      'completed without a target: the days to its completion',
      { status: 'completed' as const, completed_at: new Date('2026-03-05T12:00:00Z') },
      5,
      'days-so-far',
      1,
    ],
    ['more check-ins than the target: complete, never more', { target_days: 3 }, 3, 'target', 1],
    [
      'started today with nothing yet',
      { started_on: '2026-03-10', check_ins: 0 },
      1,
      'days-so-far',
      0,
    ],
  ])('%s', (_, row, outOf, measure, completion) => {
    expect(completionOf(quest(row), '2026-03-10', utc)).toMatchObject({
      outOf,
      measure,
      completion,
    });
  });
});

describe('weeksOf', () => {
  it('fills every week from the first to this one, each day in its Monday-to-Sunday week', () => {
    const weeks = weeksOf(
      '2026-02-23',
      '2026-03-10',
      [
        { day: '2026-03-01', n: 2 }, // a Sunday: the week of 23 February
        { day: '2026-03-02', n: 1 },
      ],
      [
        { kind: 'smile', day: '2026-03-09', n: 3 },
        { kind: 'vibe', day: '2026-02-22', n: 9 }, // before the first week: left out
        { kind: 'hum', day: '2026-03-11', n: 9 }, // after today (another zone's tomorrow): left out
      ],
    );
    expect(weeks).toEqual([
      { weekStart: '2026-02-23', checkIns: 2, smiles: 0, vibes: 0, hums: 0 },
      { weekStart: '2026-03-02', checkIns: 1, smiles: 0, vibes: 0, hums: 0 },
      { weekStart: '2026-03-09', checkIns: 0, smiles: 3, vibes: 0, hums: 0 },
    ]);
  });
});
