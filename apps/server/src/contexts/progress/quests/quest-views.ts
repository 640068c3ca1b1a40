import { addDays, type Quest, type QuestViewerState } from '@doers/contract';
import { notFound } from '../../../platform/errors.js';
import { toCheckIn, type CheckIn, type StreakInputs } from '../streaks/streaks.service.js';
import { dayOptions } from '../streaks/day-options.js';
import { checkInWindow, type LocalNow } from '../streaks/streak-calculator.js';
import { participantFigures } from '../streaks/streak-recorder.js';
import type { QuestBundle, QuestsRepository } from './quests.repository.js';

/** How many days back the viewer's check-ins are read to find their lived today and yesterday. */
const RECENT_DAYS = 3;

/** From which day the viewer's check-ins are read for their Quest views. */
export function recentFrom(now: LocalNow): string {
  return addDays(checkInWindow(now).today, -RECENT_DAYS);
}

/** Builds Quest responses: a list of twenty quests costs one query, like a single quest. */
export class QuestViews {
  constructor(private readonly quests: QuestsRepository) {}

  bundles(
    ids: string[],
    viewerId: string | null,
    now: LocalNow,
  ): Promise<Map<string, QuestBundle>> {
    return this.quests.bundles(ids, viewerId, recentFrom(now));
  }

  /** One quest the viewer may see, or "not found". */
  async visibleBundle(id: string, viewerId: string | null, now: LocalNow): Promise<QuestBundle> {
    const bundle = (await this.bundles([id], viewerId, now)).get(id);
    if (!bundle?.visible) throw notFound('Quest not found');
    return bundle;
  }

  /**
   * One quest the person may see, and everything their streak figures are computed from, in
   * one read: a check-in's.
   */
  async visibleBundleWithInputs(
    id: string,
    userId: string,
    now: LocalNow,
  ): Promise<{ bundle: QuestBundle; inputs: StreakInputs }> {
    const found = await this.quests.bundleWithInputs({
      questId: id,
      userId,
      recentFrom: recentFrom(now),
    });
    if (!found?.bundle.visible) throw notFound('Quest not found');
    const { bundle, version, from, checkIns } = found;
    return {
      bundle,
      inputs: {
        checkIns: checkIns.map(toCheckIn),
        restDays: new Set(bundle.restDays),
        version,
        from,
      },
    };
  }

  async one(id: string, viewerId: string | null, now: LocalNow): Promise<Quest> {
    return present(await this.visibleBundle(id, viewerId, now), viewerId, now);
  }

  /** Quests in the order of `ids` (the caller already knows the viewer may see them). */
  async many(ids: string[], viewerId: string, now: LocalNow): Promise<Quest[]> {
    const bundles = await this.bundles(ids, viewerId, now);
    return ids.flatMap((id) => {
      const bundle = bundles.get(id);
      return bundle ? [present(bundle, viewerId, now)] : [];
    });
  }
}

/** `checkIns`: the viewer's latest check-ins on it, when the caller has fresher ones. */
export function present(
  b: QuestBundle,
  viewerId: string | null,
  now: LocalNow,
  checkIns: readonly CheckIn[] = b.recent.map(toCheckIn),
): Quest {
  const q = b.quest;
  return {
    id: q.id,
    owner: b.owner,
    title: q.title,
    description: q.description,
    category: q.category,
    emoji: q.emoji,
    tasks: b.tasks.map((t) => ({ id: t.id, title: t.title, position: t.position })),
    targetDays: q.target_days,
    endDate: q.end_date,
    visibility: q.visibility,
    allowOthersToJoin: q.allow_others_to_join,
    participantLimit: q.participant_limit,
    requiresApproval: q.requires_approval,
    status: q.status,
    startedOn: q.started_on,
    participantCount: b.participantCount,
    createdAt: q.created_at.toISOString(),
    updatedAt: q.updated_at.toISOString(),
    completedAt: q.completed_at?.toISOString() ?? null,
    abandonedAt: q.abandoned_at?.toISOString() ?? null,
    viewer: viewerId ? viewerState(b, checkIns, now) : null,
  };
}

/** Where the viewer stands, and what they may do today: the check-in endpoints' own rule. */
export function viewerState(
  b: QuestBundle,
  checkIns: readonly CheckIn[],
  now: LocalNow,
): QuestViewerState {
  const p = b.participant;
  const active = p?.status === 'active' ? p : null;
  const options = dayOptions({
    now,
    questStatus: b.quest.status,
    participant: p && { status: p.status, joinedOn: p.joined_on },
    marks: checkIns,
  });
  const figures = active
    ? participantFigures(active, new Set(b.restDays), now)
    : { currentStreak: 0, longestStreak: 0, totalCheckIns: 0 };
  return {
    ...figures,
    role: active?.role ?? null,
    requestStatus: active || b.requestStatus === 'accepted' ? null : b.requestStatus,
    today: options.today,
    yesterday: options.yesterday,
    checkedInToday: options.todayCheckIn !== undefined,
    tasksDoneToday: options.todayCheckIn?.taskIds ?? [],
    checkedInYesterday: options.yesterdayCheckIn !== undefined,
    canCheckInToday: options.canCheckInToday,
    canCheckInYesterday: options.canCheckInYesterday,
    canUndoToday: options.canUndoToday,
  };
}
