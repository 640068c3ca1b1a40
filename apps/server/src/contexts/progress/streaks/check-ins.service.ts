import { randomUUID } from 'node:crypto';
import {
  STREAK_MILESTONES,
  addDays,
  type CheckInResponse,
  type Day,
  type Quest,
  type QuestCalendar,
} from '@doers/contract';
import type { Database } from '../../../db/database.js';
import {
  badRequest,
  conflict,
  forbidden,
  notFound,
  type HttpError,
} from '../../../platform/errors.js';
import type { EventBus } from '../../../platform/events.js';
import type { ParticipantsService } from '../quests/participants.service.js';
import type { QuestAccess } from '../quests/quest-access.js';
import { present, type QuestViews } from '../quests/quest-views.js';
import type { QuestBundle } from '../quests/quests.repository.js';
import type { RecordedStreaks, StreakRecorder } from './streak-recorder.js';
import {
  StaleStreakError,
  toCheckIn,
  type CheckIn,
  type StreakInputs,
  type StreaksService,
} from './streaks.service.js';
import {
  checkInRefusal,
  findCheckIn,
  type CheckInRefusal,
  type QuestDayState,
} from './day-options.js';
import { checkInWindow, markFor, type LocalNow } from './streak-calculator.js';
import type { CheckInRow } from './streaks.repository.js';
import type { CheckInsRepository, CheckInWrite } from './check-ins.repository.js';

type Changed = { bundle: QuestBundle; inputs: StreakInputs; recorded: RecordedStreaks };

/**
 * One check-in per quest per lived day of the person; yesterday until the late window closes
 * (docs/product/check-ins-and-streaks.md). What is allowed is decided by day-options.ts, the
 * same rule the quest view shows.
 */
export class CheckInsService {
  constructor(
    private readonly deps: {
      db: Database;
      checkIns: CheckInsRepository;
      streaks: StreaksService;
      access: QuestAccess;
      participants: ParticipantsService;
      views: QuestViews;
      recorder: StreakRecorder;
      events: EventBus;
    },
  ) {}

  async checkIn(
    userId: string,
    questId: string,
    request: { day: 'today' | 'yesterday'; forDay?: Day | undefined; taskIds: string[] },
    now: LocalNow,
  ): Promise<CheckInResponse> {
    const input = { ...request, day: whichDay(request, now) };
    const { bundle, inputs, recorded, checkIn, milestone } = await this.deps.streaks.retryOnStale(
      async () => {
        const { bundle, inputs, state } = await this.read(userId, questId, now);
        const refusal = checkInRefusal(state, input.day);
        if (refusal) throw refusalError(refusal);
        const known = new Set(bundle.tasks.map((t) => t.id));
        if (input.taskIds.some((id) => !known.has(id))) {
          throw badRequest('taskIds: a task is not part of this quest', [
            { field: 'taskIds', message: 'Unknown task' },
          ]);
        }
        const mark = markFor(now, input.day);
        const row: CheckInRow = {
          id: randomUUID(),
          quest_id: questId,
          day: mark.day,
          zone: mark.zone,
          day_start_hour: mark.dayStartHour,
          anchor_at: mark.at,
          late: input.day === 'yesterday',
          task_ids: [...new Set(input.taskIds)],
          created_at: now.now,
        };
        const checkIn = toCheckIn(row);
        const after = {
          ...inputs,
          checkIns: [...inputs.checkIns, checkIn].sort((a, b) => a.at.getTime() - b.at.getTime()),
        };
        // A milestone's notification is recorded with the check-in (platform/outbox.ts).
        const before = bundle.participant?.run_length ?? 0;
        const milestoneOf = (figures: RecordedStreaks) => {
          const streak = figures.quests.get(questId)!.summary.currentStreak;
          return STREAK_MILESTONES.find((m) => streak >= m && before < m) ?? null;
        };
        const milestoneEvent = (figures: RecordedStreaks) => {
          const days = milestoneOf(figures);
          if (!days) return [];
          const payload = { userId, questId, days, day: checkIn.day };
          return [{ name: 'streak.milestoneReached' as const, payload }];
        };
        const recorded = await this.save(
          { insert: row },
          userId,
          questId,
          after,
          inputs.version,
          now,
          milestoneEvent,
        );
        return { bundle, inputs: after, recorded, checkIn, milestone: milestoneOf(recorded) };
      },
    );

    await this.deps.events.publish('checkIn.recorded', {
      checkInId: checkIn.id,
      questId,
      userId,
      day: checkIn.day,
      late: checkIn.late,
    });
    return {
      checkIn: {
        id: checkIn.id,
        questId,
        userId,
        day: checkIn.day,
        taskIds: checkIn.taskIds,
        late: checkIn.late,
        createdAt: checkIn.createdAt.toISOString(),
      },
      quest: this.presentAfter({ bundle, inputs, recorded }, userId, now),
      milestone,
    };
  }

  async undoToday(userId: string, questId: string, now: LocalNow): Promise<Quest> {
    const { removed, ...changed } = await this.deps.streaks.retryOnStale(async () => {
      const { bundle, inputs, state } = await this.read(userId, questId, now);
      const todays = findCheckIn(state.marks, now, 'today');
      if (!todays) throw notFound('There is no check-in today to undo');
      const after = { ...inputs, checkIns: inputs.checkIns.filter((c) => c.id !== todays.id) };
      const recorded = await this.save(
        { remove: todays.id },
        userId,
        questId,
        after,
        inputs.version,
        now,
      );
      return { bundle, inputs: after, recorded, removed: todays };
    });
    await this.deps.events.publish('checkIn.undone', {
      checkInId: removed.id,
      questId,
      userId,
      day: removed.day,
    });
    return this.presentAfter(changed, userId, now);
  }

  /** The last weeks of one participant's check-ins, oldest day first, ending today. */
  async calendar(
    viewerId: string,
    questId: string,
    weeks: number,
    subjectId: string | undefined,
    now: LocalNow,
  ): Promise<QuestCalendar> {
    await this.deps.access.visibleQuest(questId, viewerId);
    const userId = subjectId ?? viewerId;
    if (userId !== viewerId && !(await this.deps.participants.find(questId, userId))) {
      throw notFound('That person is not on this quest');
    }
    const { today } = checkInWindow(now);
    const days = Array.from({ length: weeks * 7 }, (_, i) => addDays(today, i - weeks * 7 + 1));
    const found = await this.deps.checkIns.calendar(questId, userId, days[0]!, today);
    // "Show my stats" off (docs/product/profiles.md#privacy): the calendar is theirs alone.
    if (userId !== viewerId && !found.show_stats) {
      throw forbidden('This person keeps their check-in calendar to themselves');
    }
    const rest = new Set(found.rest_days);
    return {
      days: days.map((day) => {
        const c = found.check_ins.find((r) => r.day === day);
        return { day, checkedIn: Boolean(c), rest: rest.has(day), tasksDone: c?.tasks ?? 0 };
      }),
    };
  }

  /**
   * The quest as the person sees it and their streak inputs: one read, no lock. The write that
   * follows saves only if nothing changed the figures meanwhile (streaks.service.ts).
   */
  private async read(
    userId: string,
    questId: string,
    now: LocalNow,
  ): Promise<{ bundle: QuestBundle; inputs: StreakInputs; state: QuestDayState<CheckIn> }> {
    const { bundle, inputs } = await this.deps.views.visibleBundleWithInputs(questId, userId, now);
    const p = bundle.participant;
    const state = {
      now,
      questStatus: bundle.quest.status,
      participant: p && { status: p.status, joinedOn: p.joined_on },
      marks: inputs.checkIns.filter((c) => c.questId === questId),
    };
    return { bundle, inputs, state };
  }

  /**
   * Writes the change with the figures it makes (`after`: the inputs with the change), in one
   * statement with the others of its batch; throws StaleStreakError when another change got in
   * since the inputs were read.
   */
  private async save(
    change: { insert: CheckInRow } | { remove: string },
    userId: string,
    questId: string,
    after: StreakInputs,
    version: number,
    now: LocalNow,
    eventsOf: (figures: RecordedStreaks) => CheckInWrite['events'] = () => [],
  ): Promise<RecordedStreaks> {
    const figures = this.deps.recorder.figures(userId, after, now, [questId]);
    const events = eventsOf(figures);
    const saved = await this.deps.checkIns.record({ change, userId, figures, version, events });
    if (!saved) throw new StaleStreakError();
    await this.deps.events.deliver(saved.events);
    await this.deps.streaks.crownAfter(userId, saved, figures.user.longestStreak);
    return figures;
  }

  /** The Quest response after a change, from what the change already holds: no more reads. */
  private presentAfter(changed: Changed, userId: string, now: LocalNow): Quest {
    const { bundle, inputs, recorded } = changed;
    const stored = recorded.quests.get(bundle.quest.id)?.stored;
    const participant = bundle.participant && { ...bundle.participant, ...stored };
    return present(
      { ...bundle, participant, restDays: [...inputs.restDays] },
      userId,
      now,
      inputs.checkIns.filter((c) => c.questId === bundle.quest.id),
    );
  }
}

/** `forDay`, when given, names today or yesterday as this person's clock has them now. */
function whichDay(
  request: { day: 'today' | 'yesterday'; forDay?: Day | undefined },
  now: LocalNow,
): 'today' | 'yesterday' {
  if (!request.forDay) return request.day;
  const window = checkInWindow(now);
  if (request.forDay === window.today) return 'today';
  if (request.forDay === window.yesterday) return 'yesterday';
  throw badRequest(`${request.forDay} can no longer be checked in: it is ${window.today} now`, [
    { field: 'forDay', message: 'Only today or yesterday can be checked in' },
  ]);
}

function refusalError(refusal: CheckInRefusal): HttpError {
  switch (refusal.reason) {
    case 'quest-closed':
      return conflict(`This quest is ${refusal.status}: check-ins are closed`);
    case 'late-window-closed': {
      const hour = String(refusal.closedAtHour).padStart(2, '0');
      return badRequest(
        `Yesterday can no longer be checked in: that window closed at ${hour}:00 today`,
      );
    }
    case 'not-participant':
      return forbidden('Join this quest to check in');
    case 'before-start':
      return badRequest(
        `You started this quest on ${refusal.joinedOn}: there is no check-in before that`,
      );
    case 'already-checked-in':
      return conflict(
        refusal.which === 'today'
          ? 'You already checked in today'
          : 'You already checked in for yesterday',
      );
  }
}
