import type { Day } from '@doers/contract';
import { FROM_FIRST_MARK, type StreakCheckpoint } from './streak-calculator.js';

/**
 * A checkpoint as stored (user_stats.streak_checkpoint, quest_participants.streak_checkpoint):
 * jsonb, its instants as text. The statements that read marks after it read `before` too.
 */
export type JsonCheckpoint = {
  before: string;
  run: number;
  longest: number;
  days: number;
  checkIns: number;
  previous: { day: Day; zone: string; dayStartHour: number; at: string } | null;
};

export function checkpointToJson(c: StreakCheckpoint): JsonCheckpoint {
  const p = c.previous;
  return {
    before: c.before.toISOString(),
    run: c.run,
    longest: c.longest,
    days: c.days,
    checkIns: c.checkIns,
    previous: p && {
      day: p.day,
      zone: p.zone,
      dayStartHour: p.dayStartHour,
      at: p.at.toISOString(),
    },
  };
}

/** A stored checkpoint, or the first mark's when none was kept yet (every mark is read then). */
export function checkpointFromJson(c: JsonCheckpoint | null | undefined): StreakCheckpoint {
  if (!c) return FROM_FIRST_MARK;
  const p = c.previous;
  return {
    before: new Date(c.before),
    run: c.run,
    longest: c.longest,
    days: c.days,
    checkIns: c.checkIns,
    previous: p && { day: p.day, zone: p.zone, dayStartHour: p.dayStartHour, at: new Date(p.at) },
  };
}
