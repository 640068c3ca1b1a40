import {
  addDays,
  daysBetween,
  localDay,
  STATS_CALENDAR_DAYS,
  STATS_WEEKS,
  type Day,
  type QuestCompletion,
  type StatsReport,
  type StatsWeek,
} from '@doers/contract';
import type { Clock } from '../../../platform/clock.js';
import { notFound } from '../../../platform/errors.js';
import { mondayOf } from '../streaks/week.js';
import type { StatsService } from './stats.service.js';
import type {
  QuestCompletionRow,
  ReceivedRow,
  StatsReportRepository,
} from './stats-report.repository.js';

const DAY_MS = 86_400_000;

/**
 * /stats (docs/product/stats.md): my figures as the profile shows them, and the history behind
 * the charts, every count grouped by the days as I live them (my zone, my day's start hour).
 */
export class StatsReportService {
  constructor(
    private readonly deps: { report: StatsReportRepository; stats: StatsService; clock: Clock },
  ) {}

  async report(userId: string): Promise<StatsReport> {
    const person = await this.deps.report.person(userId);
    if (!person) throw notFound('User not found');
    const now = this.deps.clock.now();
    const local = { now, zone: person.timezone, dayStartHour: person.day_start_hour };
    const today = localDay(now, local.zone, local.dayStartHour);
    const firstDay = addDays(today, 1 - STATS_CALENDAR_DAYS);
    const firstWeek = addDays(mondayOf(today), -7 * (STATS_WEEKS - 1));
    // Whatever happened on a lived day happened at most ~2 days of zone and start hour away.
    const since = (d: Day) => new Date(Date.parse(`${d}T00:00:00Z`) - 2 * DAY_MS);
    const [calendar, received, quests] = await Promise.all([
      this.deps.report.calendar(userId, firstDay, since(firstDay)),
      this.deps.report.received(userId, since(firstWeek), local.zone, local.dayStartHour),
      this.deps.report.quests(userId),
    ]);
    return {
      figures: this.deps.stats.figuresOf(person, local),
      today,
      calendar: calendar.map((c) => ({ day: c.day, checkIns: c.n })),
      weeks: weeksOf(firstWeek, today, calendar, received),
      quests: quests.map((q) => completionOf(q, today, local)),
    };
  }
}

/** Every week from `firstWeek` to today's, each with what its days hold. */
export function weeksOf(
  firstWeek: Day,
  today: Day,
  checkIns: readonly { day: string; n: number }[],
  received: readonly ReceivedRow[],
): StatsWeek[] {
  const weeks = new Map<Day, StatsWeek>();
  for (let w = firstWeek; w <= today; w = addDays(w, 7))
    weeks.set(w, { weekStart: w, checkIns: 0, smiles: 0, vibes: 0, hums: 0 });
  for (const c of checkIns) {
    const week = weeks.get(mondayOf(c.day));
    if (week) week.checkIns += c.n;
  }
  const field = { smile: 'smiles', hum: 'hums', vibe: 'vibes' } as const;
  for (const r of received) {
    const week = r.day <= today ? weeks.get(mondayOf(r.day)) : undefined;
    if (week) week[field[r.kind]] += r.n;
  }
  return [...weeks.values()];
}

/**
 * Check-in days against the quest's target (its target days, or its start to its end date), or
 * against the days it has run (to today, or to the day it was completed) when it has none.
 */
export function completionOf(
  q: QuestCompletionRow,
  today: Day,
  local: { zone: string; dayStartHour: number },
): QuestCompletion {
  const target = q.target_days ?? (q.end_date ? daysBetween(q.started_on, q.end_date) + 1 : null);
  const lastDay = q.completed_at ? localDay(q.completed_at, local.zone, local.dayStartHour) : today;
  const outOf = Math.max(1, target ?? daysBetween(q.started_on, lastDay) + 1);
  return {
    questId: q.id,
    title: q.title,
    emoji: q.emoji,
    status: q.status,
    checkIns: q.check_ins,
    outOf,
    measure: target === null ? 'days-so-far' : 'target',
    completion: Math.min(1, q.check_ins / outOf),
  };
}
