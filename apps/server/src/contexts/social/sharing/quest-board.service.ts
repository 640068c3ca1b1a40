import type { QuestLeaderboard, QuestParticipant, SharedQuest } from '@doers/contract';
import type { Clock } from '../../../platform/clock.js';
import type { QuestAccess } from '../../progress/index.js';
import { present, type QuestViews } from '../../progress/index.js';
import { participantFigures } from '../../progress/index.js';
import { findCheckIn } from '../../progress/index.js';
import type { LocalNow } from '../../progress/index.js';
import type { QuestBoardRepository, QuestBoardRow } from './quest-board.repository.js';

/** Check-ins older than this cannot fall on anyone's today, in any zone. */
const RECENT_MS = 4 * 86_400_000;

/** Everyone's progress on a quest, and the public face of a shared quest. */
export class QuestBoardService {
  constructor(
    private readonly deps: {
      leaderboard: QuestBoardRepository;
      access: QuestAccess;
      views: QuestViews;
      clock: Clock;
    },
  ) {}

  async leaderboard(viewerId: string | null, questId: string): Promise<QuestLeaderboard> {
    await this.deps.access.visibleQuest(questId, viewerId);
    return { participants: await this.participants(questId) };
  }

  /** Anyone may open a public quest, signed in or not. */
  async shared(viewerId: string | null, questId: string, now: LocalNow): Promise<SharedQuest> {
    const bundle = await this.deps.views.visibleBundle(questId, viewerId, now);
    const { viewer, ...quest } = present(bundle, viewerId, now);
    return {
      quest,
      participants: await this.participants(questId),
      viewer,
      signedIn: viewerId !== null,
    };
  }

  /** Best current streak first; each person's streak and today are judged in their own day. */
  private async participants(questId: string): Promise<QuestParticipant[]> {
    const instant = this.deps.clock.now();
    const rows = await this.deps.leaderboard.participants(
      questId,
      new Date(instant.getTime() - RECENT_MS),
    );
    const list = rows.map((p) => toParticipant(p, instant));
    return list.sort(
      (a, b) =>
        b.currentStreak - a.currentStreak ||
        b.totalCheckIns - a.totalCheckIns ||
        a.joinedAt.localeCompare(b.joinedAt),
    );
  }
}

function toParticipant(p: QuestBoardRow, instant: Date): QuestParticipant {
  const now = { now: instant, zone: p.timezone, dayStartHour: p.day_start_hour };
  const marks = p.recent.map((c) => ({
    day: c.day,
    zone: c.zone,
    dayStartHour: c.day_start_hour,
    at: new Date(c.anchor_at),
  }));
  return {
    user: p.person,
    role: p.role,
    joinedAt: p.joined_at.toISOString(),
    ...participantFigures(p, new Set(p.rest_days), now),
    checkedInToday: findCheckIn(marks, now, 'today') !== undefined,
  };
}
