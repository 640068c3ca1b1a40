import type { PersonSummary, Quest, QuestViewerState } from '@doers/contract';
import type { CheckInRow, CheckInsRepository } from '../check-ins/check-ins.repository.js';
import { checkInWindow, currentStreak, type Clock } from '../streaks/streak-calculator.js';
import type { UsersRepository } from '../users/users.repository.js';
import type { ParticipantRow, QuestRow, QuestsRepository, TaskRow } from './quests.repository.js';
import type { QuestRequestsRepository } from './quest-requests.repository.js';

/** A participant's streak figures as of now. */
export function participantFigures(p: ParticipantRow, restDays: ReadonlySet<string>, clock: Clock) {
  const last =
    p.last_day && p.last_zone && p.last_at
      ? {
          day: p.last_day,
          zone: p.last_zone,
          dayStartHour: p.last_day_start_hour ?? 0,
          at: p.last_at,
        }
      : null;
  return {
    currentStreak: currentStreak(p.run_length, last, restDays, clock),
    longestStreak: p.longest_streak,
    totalCheckIns: p.total_check_ins,
  };
}

/** Builds Quest responses in batches: a list of twenty quests costs the same few queries as one. */
export class QuestViews {
  constructor(
    private readonly deps: {
      quests: QuestsRepository;
      checkIns: CheckInsRepository;
      users: UsersRepository;
      requests: QuestRequestsRepository;
    },
  ) {}

  async one(row: QuestRow, viewerId: string | null, clock: Clock): Promise<Quest> {
    return (await this.many([row], viewerId, clock))[0]!;
  }

  async many(rows: QuestRow[], viewerId: string | null, clock: Clock): Promise<Quest[]> {
    const ids = rows.map((r) => r.id);
    const window = checkInWindow(clock);
    const [tasks, counts, owners, participations, recent, requests, restDays] = await Promise.all([
      this.deps.quests.tasksOf(ids),
      this.deps.quests.participantCounts(ids),
      this.deps.users.summaries(rows.map((r) => r.owner_id)),
      viewerId ? this.deps.quests.participationsOf(viewerId, ids) : Promise.resolve([]),
      viewerId
        ? this.deps.checkIns.onDays(ids, viewerId, [window.today, window.yesterday])
        : Promise.resolve([]),
      viewerId
        ? this.deps.requests.latestFor(viewerId, ids)
        : Promise.resolve(new Map<string, 'pending' | 'declined'>()),
      viewerId ? this.deps.checkIns.restDays(viewerId) : Promise.resolve(new Set<string>()),
    ]);
    return rows.map((row) => {
      const participant = participations.find(
        (p) => p.quest_id === row.id && p.status === 'active',
      );
      const viewer = viewerId
        ? viewerState(
            participant,
            requests.get(row.id) ?? null,
            recent.filter((c) => c.quest_id === row.id),
            restDays,
            clock,
          )
        : null;
      return presentQuest(row, {
        tasks: tasks.filter((t) => t.quest_id === row.id),
        owner: owners.get(row.owner_id)!,
        participantCount: counts.get(row.id) ?? 0,
        viewer,
      });
    });
  }
}

function viewerState(
  participant: ParticipantRow | undefined,
  requestStatus: 'pending' | 'declined' | null,
  recent: CheckInRow[],
  restDays: ReadonlySet<string>,
  clock: Clock,
): QuestViewerState {
  const window = checkInWindow(clock);
  const today = recent.find((c) => c.day === window.today);
  const yesterday = recent.find((c) => c.day === window.yesterday);
  const figures = participant
    ? participantFigures(participant, restDays, clock)
    : { currentStreak: 0, longestStreak: 0, totalCheckIns: 0 };
  return {
    ...figures,
    role: participant?.role ?? null,
    requestStatus: participant ? null : requestStatus,
    today: window.today,
    yesterday: window.yesterday,
    checkedInToday: Boolean(today),
    tasksDoneToday: today?.task_ids ?? [],
    checkedInYesterday: Boolean(yesterday),
    canCheckInToday:
      Boolean(participant) && !today && window.today >= (participant?.joined_on ?? ''),
    canUndoToday: Boolean(today),
    canCheckInYesterday:
      Boolean(participant) &&
      window.lateOpen &&
      !yesterday &&
      window.yesterday >= (participant?.joined_on ?? ''),
  };
}

export function presentQuest(
  row: QuestRow,
  extra: {
    tasks: TaskRow[];
    owner: PersonSummary;
    participantCount: number;
    viewer: QuestViewerState | null;
  },
): Quest {
  return {
    id: row.id,
    owner: extra.owner,
    title: row.title,
    description: row.description,
    category: row.category,
    emoji: row.emoji,
    tasks: extra.tasks.map((t) => ({ id: t.id, title: t.title, position: t.position })),
    targetDays: row.target_days,
    endDate: row.end_date,
    visibility: row.visibility,
    allowOthersToJoin: row.allow_others_to_join,
    participantLimit: row.participant_limit,
    requiresApproval: row.requires_approval,
    status: row.status,
    startedOn: row.started_on,
    participantCount: extra.participantCount,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    completedAt: row.completed_at?.toISOString() ?? null,
    abandonedAt: row.abandoned_at?.toISOString() ?? null,
    viewer: extra.viewer,
  };
}
