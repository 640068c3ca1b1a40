import {
  STREAK_MILESTONES,
  type CheckInResponse,
  type Quest,
  type QuestCalendar,
} from '@doers/contract';
import type { Database } from '../../db/database.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import type { NotificationsRepository } from '../notifications/notifications.repository.js';
import type { QuestAccess } from '../quests/quest-access.js';
import type { QuestViews } from '../quests/quest-views.js';
import type { QuestsRepository } from '../quests/quests.repository.js';
import type { UsersRepository } from '../users/users.repository.js';
import { addDays } from '../streaks/local-day.js';
import {
  checkInWindow,
  dayGap,
  markFor,
  type Clock,
  type DayMark,
} from '../streaks/streak-calculator.js';
import { toMark, type CheckInsRepository } from './check-ins.repository.js';
import type { StreakRecorder } from './streak-recorder.js';

export class CheckInsService {
  constructor(
    private readonly deps: {
      db: Database;
      quests: QuestsRepository;
      users: UsersRepository;
      checkIns: CheckInsRepository;
      recorder: StreakRecorder;
      access: QuestAccess;
      views: QuestViews;
      notifications: NotificationsRepository;
    },
  ) {}

  /** One check-in per quest per day of the person's own; yesterday until the late window closes. */
  async checkIn(
    userId: string,
    questId: string,
    input: { day: 'today' | 'yesterday'; taskIds: string[] },
    clock: Clock,
  ): Promise<CheckInResponse> {
    const quest = await this.deps.access.visibleQuest(questId, userId);
    if (quest.status !== 'active')
      throw conflict(`This quest is ${quest.status}: check-ins are closed`);
    const window = checkInWindow(clock);
    if (input.day === 'yesterday' && !window.lateOpen) {
      const closes = String((12 + clock.dayStartHour) % 24).padStart(2, '0');
      throw badRequest(
        `Yesterday can no longer be checked in: that window closed at ${closes}:00 today`,
      );
    }
    const tasks = await this.deps.quests.tasksOf([questId]);
    const unknown = input.taskIds.filter((id) => !tasks.some((t) => t.id === id));
    if (unknown.length)
      throw badRequest('taskIds: a task is not part of this quest', [
        { field: 'taskIds', message: 'Unknown task' },
      ]);

    const mark = markFor(clock, input.day);
    const { row, before, after } = await this.deps.db.transaction(async (tx) => {
      await this.deps.users.lockStats(tx, userId);
      const participant = await this.deps.quests.lockParticipant(tx, questId, userId);
      if (!participant || participant.status !== 'active')
        throw forbidden('Join this quest to check in');
      if (mark.day < participant.joined_on) {
        throw badRequest(
          `You started this quest on ${participant.joined_on}: there is no check-in before that`,
        );
      }
      const existing = (await this.deps.checkIns.forParticipant(questId, userId, tx)).map(toMark);
      if (existing.some((m) => sameDay(m, mark))) {
        throw conflict(
          input.day === 'today'
            ? 'You already checked in today'
            : 'You already checked in for yesterday',
        );
      }
      const before = participant.run_length;
      const row = await this.deps.checkIns.insert(tx, {
        questId,
        userId,
        mark,
        late: input.day === 'yesterday',
        taskIds: dedupe(input.taskIds),
      });
      const after = await this.deps.recorder.recordParticipant(tx, questId, userId, clock);
      await this.deps.recorder.recordUser(tx, userId, clock);
      return { row, before, after };
    });

    const milestone = STREAK_MILESTONES.find((m) => after.currentStreak >= m && before < m) ?? null;
    // Undo and redo reach the same milestone again: celebrate it, but notify once.
    if (
      milestone &&
      !(await this.deps.notifications.hasMilestone(userId, questId, milestone, row.day))
    ) {
      await this.deps.notifications.insert({
        userId,
        type: 'streak_milestone',
        actorId: null,
        data: { questId, days: milestone, day: row.day },
      });
    }
    return {
      checkIn: {
        id: row.id,
        questId,
        userId,
        day: row.day,
        taskIds: row.task_ids,
        late: row.late,
        createdAt: row.created_at.toISOString(),
      },
      quest: await this.deps.views.one(quest, userId, clock),
      milestone,
    };
  }

  async undoToday(userId: string, questId: string, clock: Clock): Promise<Quest> {
    const quest = await this.deps.access.visibleQuest(questId, userId);
    const today = markFor(clock, 'today');
    await this.deps.db.transaction(async (tx) => {
      await this.deps.users.lockStats(tx, userId);
      await this.deps.quests.lockParticipant(tx, questId, userId);
      const rows = await this.deps.checkIns.forParticipant(questId, userId, tx);
      const todays = rows.find((r) => sameDay(toMark(r), today));
      if (!todays) throw notFound('There is no check-in today to undo');
      await this.deps.checkIns.delete(tx, todays.id);
      await this.deps.recorder.recordParticipant(tx, questId, userId, clock);
      await this.deps.recorder.recordUser(tx, userId, clock);
    });
    return this.deps.views.one(quest, userId, clock);
  }

  /** The last weeks of one participant's check-ins, oldest day first, ending today. */
  async calendar(
    viewerId: string,
    questId: string,
    weeks: number,
    subjectId: string | undefined,
    clock: Clock,
  ): Promise<QuestCalendar> {
    await this.deps.access.visibleQuest(questId, viewerId);
    const userId = subjectId ?? viewerId;
    if (
      subjectId &&
      subjectId !== viewerId &&
      !(await this.deps.quests.participant(questId, subjectId))
    ) {
      throw notFound('That person is not on this quest');
    }
    const { today } = checkInWindow(clock);
    const days = Array.from({ length: weeks * 7 }, (_, i) => addDays(today, i - weeks * 7 + 1));
    const [rows, rest] = await Promise.all([
      this.deps.checkIns.onDays([questId], userId, days),
      this.deps.checkIns.restDays(userId),
    ]);
    return {
      days: days.map((day) => {
        const c = rows.find((r) => r.day === day);
        return {
          day,
          checkedIn: Boolean(c),
          rest: rest.has(day),
          tasksDone: c?.task_ids.length ?? 0,
        };
      }),
    };
  }
}

/** Two marks fall on one lived day (order by instant first). */
function sameDay(a: DayMark, b: DayMark): boolean {
  return a.at <= b.at ? dayGap(a, b) <= 0 : dayGap(b, a) <= 0;
}

const dedupe = (ids: string[]) => [...new Set(ids)];
