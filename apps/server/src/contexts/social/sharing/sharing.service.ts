import type { JoinQuestResponse, QuestRequest, QuestRequestList } from '@doers/contract';
import type { Database, Queryable } from '../../../db/database.js';
import { badRequest, conflict, forbidden, notFound } from '../../../platform/errors.js';
import type { EventBus } from '../../../platform/events.js';
import { decodeCursor, page } from '../../../platform/pagination.js';
import type { ParticipantsService } from '../../progress/index.js';
import type { QuestAccess } from '../../progress/index.js';
import type { QuestLimit } from '../../progress/index.js';
import type { QuestViews } from '../../progress/index.js';
import type { QuestRow } from '../../progress/index.js';
import type { StatsService } from '../../progress/index.js';
import { checkInWindow, type LocalNow } from '../../progress/index.js';
import type { UsersService } from '../../accounts/index.js';
import type { QuestRequestsRepository } from './quest-requests.repository.js';

/** Shared quests (docs/product/sharing.md): joining, requests to join, leaving. */
export class SharingService {
  constructor(
    private readonly deps: {
      db: Database;
      requests: QuestRequestsRepository;
      access: QuestAccess;
      participants: ParticipantsService;
      limit: QuestLimit;
      views: QuestViews;
      users: UsersService;
      stats: StatsService;
      events: EventBus;
    },
  ) {}

  async join(userId: string, questId: string, now: LocalNow): Promise<JoinQuestResponse> {
    const quest = await this.deps.access.visibleQuest(questId, userId);
    const current = await this.deps.participants.find(questId, userId);
    if (current?.status === 'active') throw conflict('You are already on this quest');
    this.assertOpen(quest);
    await this.assertNotFull(quest);
    await this.deps.limit.assertRoomFor(userId);
    if (quest.requires_approval) {
      const { row, created } = await this.deps.requests.request(questId, userId);
      // Asking again while a request is pending does not ping the owner again.
      if (created) {
        await this.deps.events.publish('questRequest.created', {
          requestId: row.id,
          questId,
          ownerId: quest.owner_id,
          userId,
        });
      }
      return { status: 'requested', quest: await this.deps.views.one(questId, userId, now) };
    }
    await this.deps.db.transaction(async (tx) => {
      await this.admit(tx, quest, userId, 'self', now);
      await this.deps.events.record(tx, 'quest.joined', {
        questId,
        ownerId: quest.owner_id,
        userId,
      });
    });
    return { status: 'joined', quest: await this.deps.views.one(questId, userId, now) };
  }

  async leave(userId: string, questId: string): Promise<void> {
    const quest = await this.deps.access.visibleQuest(questId, userId);
    if (quest.owner_id === userId)
      throw badRequest('You own this quest: complete or abandon it instead of leaving');
    const participant = await this.deps.participants.find(questId, userId);
    if (participant?.status !== 'active') throw notFound('You are not on this quest');
    await this.deps.db.transaction(async (tx) => {
      await this.deps.participants.leave(tx, questId, userId);
      await this.deps.stats.refreshQuestCounts(tx, [userId]);
    });
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
    now: LocalNow,
  ): Promise<QuestRequest> {
    const request = await this.deps.requests.find(requestId);
    if (!request) throw notFound('Request not found');
    const quest = await this.deps.access.ownedOrNull(request.quest_id, ownerId);
    if (!quest) throw notFound('Request not found');
    if (request.status !== 'pending') throw conflict(`This request was already ${request.status}`);
    if (decision === 'accepted') this.assertOpen(quest);
    await this.deps.db.transaction(async (tx) => {
      if (!(await this.deps.requests.decide(tx, requestId, decision)))
        throw conflict('This request was already decided');
      if (decision !== 'accepted') return;
      await this.admit(tx, quest, request.user_id, 'requester', now);
      await this.deps.events.record(tx, 'questRequest.accepted', {
        requestId,
        questId: quest.id,
        ownerId,
        userId: request.user_id,
      });
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

  /**
   * Adds a member with the person's figures and the quest locked, so that the person's quest
   * limit and the quest's capacity are checked and used in one step. They join on their own
   * today: there is no check-in before it.
   */
  private async admit(
    tx: Queryable,
    quest: QuestRow,
    userId: string,
    who: 'self' | 'requester',
    now: LocalNow,
  ): Promise<void> {
    await this.deps.limit.assertRoomFor(userId, { tx, who });
    await this.deps.participants.lockQuest(tx, quest.id);
    if ((await this.deps.participants.find(quest.id, userId, tx))?.status === 'active') {
      const person = (await this.deps.users.summaries([userId])).get(userId);
      throw conflict(`@${person?.username ?? 'this person'} is already on this quest`);
    }
    await this.assertNotFull(quest, tx);
    await this.deps.participants.join(tx, quest.id, userId, checkInWindow(now).today);
    await this.deps.requests.closePending(tx, quest.id, userId);
    await this.deps.stats.refreshQuestCounts(tx, [userId]);
  }

  private assertOpen(quest: QuestRow): void {
    if (quest.status !== 'active') throw conflict(`This quest is ${quest.status}`);
    if (!quest.allow_others_to_join) throw forbidden('This quest is not open to others');
  }

  private async assertNotFull(quest: QuestRow, tx?: Queryable): Promise<void> {
    if (quest.participant_limit === null) return;
    const count = await this.deps.participants.count(quest.id, tx);
    if (count >= quest.participant_limit)
      throw conflict(`This quest is full (${count} of ${quest.participant_limit} people)`);
  }
}
