import type {
  JoinQuestResponse,
  QuestLeaderboard,
  QuestParticipant,
  QuestRequest,
  QuestRequestList,
  SharedQuest,
} from '@doers/contract';
import type { Database, Queryable } from '../../db/database.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import { decodeCursor, page } from '../../platform/pagination.js';
import type { CheckInsRepository } from '../check-ins/check-ins.repository.js';
import type { NotificationsRepository } from '../notifications/notifications.repository.js';
import { checkInWindow, type Clock } from '../streaks/streak-calculator.js';
import type { UsersRepository } from '../users/users.repository.js';
import type { QuestAccess } from './quest-access.js';
import type { QuestRequestsRepository } from './quest-requests.repository.js';
import { participantFigures, type QuestViews } from './quest-views.js';
import type { QuestRow, QuestsRepository } from './quests.repository.js';
import { questLimitReached } from './quests.service.js';

/** Shared quests: joining, requests to join, leaving, and everyone's progress. */
export class SharingService {
  constructor(
    private readonly deps: {
      db: Database;
      quests: QuestsRepository;
      requests: QuestRequestsRepository;
      checkIns: CheckInsRepository;
      users: UsersRepository;
      access: QuestAccess;
      views: QuestViews;
      notifications: NotificationsRepository;
    },
  ) {}

  async join(userId: string, questId: string, clock: Clock): Promise<JoinQuestResponse> {
    const quest = await this.deps.access.visibleQuest(questId, userId);
    const current = await this.deps.quests.participant(questId, userId);
    if (current?.status === 'active') throw conflict('You are already on this quest');
    this.assertOpen(quest);
    await this.assertNotFull(quest);
    await this.assertRoomFor(userId);
    if (quest.requires_approval) {
      const { row, created } = await this.deps.requests.request(questId, userId);
      // Asking again while a request is pending does not ping the owner again.
      if (created) {
        await this.deps.notifications.insert({
          userId: quest.owner_id,
          type: 'quest_request',
          actorId: userId,
          data: { questId, requestId: row.id },
        });
      }
      return { status: 'requested', quest: await this.deps.views.one(quest, userId, clock) };
    }
    await this.deps.db.transaction(async (tx) => {
      await this.admit(tx, quest, userId, 'self', clock);
    });
    await this.deps.notifications.insert({
      userId: quest.owner_id,
      type: 'quest_joined',
      actorId: userId,
      data: { questId },
    });
    return { status: 'joined', quest: await this.deps.views.one(quest, userId, clock) };
  }

  async leave(userId: string, questId: string): Promise<void> {
    const quest = await this.deps.access.visibleQuest(questId, userId);
    if (quest.owner_id === userId)
      throw badRequest('You own this quest: complete or abandon it instead of leaving');
    const participant = await this.deps.quests.participant(questId, userId);
    if (participant?.status !== 'active') throw notFound('You are not on this quest');
    await this.deps.quests.leave(questId, userId);
    await this.deps.quests.refreshQuestCounts([userId]);
  }

  async pendingRequests(
    ownerId: string,
    query: { cursor?: string | undefined; limit: number },
  ): Promise<QuestRequestList> {
    const rows = await this.deps.requests.pendingForOwner(
      ownerId,
      decodeCursor(query.cursor),
      query.limit,
    );
    const { items, nextCursor } = page(rows, query.limit, (r) => ({ at: r.created_at, id: r.id }));
    const people = await this.deps.users.summaries(items.map((r) => r.user_id));
    return {
      items: items.map((r) => ({
        id: r.id,
        quest: { id: r.quest_id, title: r.title, emoji: r.emoji },
        user: people.get(r.user_id)!,
        status: r.status,
        createdAt: r.created_at.toISOString(),
      })),
      nextCursor,
    };
  }

  async decide(
    ownerId: string,
    requestId: string,
    decision: 'accepted' | 'declined',
    clock: Clock,
  ): Promise<QuestRequest> {
    const request = await this.deps.requests.find(requestId);
    if (!request) throw notFound('Request not found');
    const quest = await this.deps.quests.find(request.quest_id);
    if (!quest || quest.owner_id !== ownerId) throw notFound('Request not found');
    if (request.status !== 'pending') throw conflict(`This request was already ${request.status}`);
    if (decision === 'accepted') this.assertOpen(quest);
    await this.deps.db.transaction(async (tx) => {
      if (!(await this.deps.requests.decide(tx, requestId, decision)))
        throw conflict('This request was already decided');
      if (decision === 'accepted') {
        await this.admit(tx, quest, request.user_id, 'requester', clock);
        await this.deps.notifications.insert(
          {
            userId: request.user_id,
            type: 'quest_request_accepted',
            actorId: ownerId,
            data: { questId: quest.id },
          },
          tx,
        );
      }
    });
    const people = await this.deps.users.summaries([request.user_id]);
    return {
      id: request.id,
      quest: { id: quest.id, title: quest.title, emoji: quest.emoji },
      user: people.get(request.user_id)!,
      status: decision,
      createdAt: request.created_at.toISOString(),
    };
  }

  async leaderboard(viewerId: string | null, questId: string): Promise<QuestLeaderboard> {
    const quest = await this.deps.access.visibleQuest(questId, viewerId);
    return { participants: await this.participants(quest) };
  }

  /** The public face of a quest: anyone for a public quest, signed in or not. */
  async shared(viewerId: string | null, questId: string, clock: Clock): Promise<SharedQuest> {
    const quest = await this.deps.access.visibleQuest(questId, viewerId);
    const view = await this.deps.views.one(quest, viewerId, clock);
    const { viewer, ...rest } = view;
    return {
      quest: rest,
      participants: await this.participants(quest),
      viewer,
      signedIn: viewerId !== null,
    };
  }

  /** Everyone on the quest, best streak first; each person's streak is judged in their own zone. */
  private async participants(quest: QuestRow): Promise<QuestParticipant[]> {
    const rows = await this.deps.quests.activeParticipants(quest.id);
    const ids = rows.map((r) => r.user_id);
    const [people, rest, zones] = await Promise.all([
      this.deps.users.summaries(ids),
      this.deps.checkIns.restDaysOf(ids),
      this.deps.users.clocksOf(ids),
    ]);
    const list = await Promise.all(
      rows.map(async (p) => {
        const clock = {
          now: new Date(),
          ...(zones.get(p.user_id) ?? { zone: 'UTC', dayStartHour: 0 }),
        };
        const today = checkInWindow(clock).today;
        const checked = await this.deps.checkIns.checkedInOn(quest.id, [p.user_id], today);
        return {
          user: people.get(p.user_id)!,
          role: p.role,
          joinedAt: p.joined_at.toISOString(),
          ...participantFigures(p, rest.get(p.user_id) ?? new Set(), clock),
          checkedInToday: checked.has(p.user_id),
        };
      }),
    );
    return list.sort(
      (a, b) =>
        b.currentStreak - a.currentStreak ||
        b.totalCheckIns - a.totalCheckIns ||
        a.joinedAt.localeCompare(b.joinedAt),
    );
  }

  /**
   * Adds a member, with the quest and the person locked so that capacity and the person's
   * quest limit are checked and used in one step.
   */
  private async admit(
    tx: Queryable,
    quest: QuestRow,
    userId: string,
    who: 'self' | 'requester',
    clock: Clock,
  ): Promise<void> {
    const person = await this.deps.users.findById(userId, tx);
    if (!person) throw notFound('User not found');
    await this.deps.users.lockStats(tx, userId);
    await this.deps.quests.lock(tx, quest.id);
    const current = await this.deps.quests.participant(quest.id, userId, tx);
    if (current?.status === 'active')
      throw conflict(`@${person.username} is already on this quest`);
    await this.assertNotFull(quest, tx);
    if ((await this.deps.quests.countActive(userId, tx)) >= person.limit_quests) {
      const max = person.limit_quests;
      throw who === 'self'
        ? questLimitReached(max, person.supporter_tier)
        : conflict(
            `@${person.username} has reached their limit of ${max} active quest${max === 1 ? '' : 's'}`,
          );
    }
    await this.deps.quests.join(tx, {
      questId: quest.id,
      userId,
      role: 'member',
      joinedOn: checkInWindow(clock).today,
    });
    await this.deps.requests.closePending(tx, quest.id, userId);
    await this.deps.quests.refreshQuestCounts([userId], tx);
  }

  private assertOpen(quest: QuestRow): void {
    if (quest.status !== 'active') throw conflict(`This quest is ${quest.status}`);
    if (!quest.allow_others_to_join) throw forbidden('This quest is not open to others');
  }

  private async assertNotFull(quest: QuestRow, tx: Queryable = this.deps.db): Promise<void> {
    if (quest.participant_limit === null) return;
    const count = (await this.deps.quests.participantCounts([quest.id], tx)).get(quest.id) ?? 0;
    if (count >= quest.participant_limit)
      throw conflict(`This quest is full (${count} of ${quest.participant_limit} people)`);
  }

  private async assertRoomFor(userId: string): Promise<void> {
    const user = await this.deps.users.findById(userId);
    if (!user) throw notFound('User not found');
    if ((await this.deps.quests.countActive(userId)) >= user.limit_quests)
      throw questLimitReached(user.limit_quests, user.supporter_tier);
  }
}
