import { randomUUID } from 'node:crypto';
import type {
  createQuestRequest,
  Quest,
  QuestCategory,
  QuestList,
  QuestStatus,
  QuestTemplate,
  updateQuestRequest,
  UserQuestList,
} from '@doers/contract';
import type { z } from 'zod';
import type { Database, Queryable } from '../../../db/database.js';
import { badRequest, conflict, notFound } from '../../../platform/errors.js';
import type { EventBus } from '../../../platform/events.js';
import { decodeCursor, page } from '../../../platform/pagination.js';
import type { StatsService } from '../stats/stats.service.js';
import type { StreaksService } from '../streaks/streaks.service.js';
import { checkInWindow, type LocalNow } from '../streaks/streak-calculator.js';
import type { QuestAccess } from './quest-access.js';
import type { QuestLimit } from './quest-limit.js';
import { QUEST_TEMPLATES } from './quest-templates.js';
import { present, recentFrom, type QuestViews } from './quest-views.js';
import type { QuestFields, QuestsRepository } from './quests.repository.js';

type CreateInput = z.output<typeof createQuestRequest>;
type UpdateInput = z.output<typeof updateQuestRequest>;

/** A person's quests: create, edit, complete, abandon, delete, list. */
export class QuestsService {
  constructor(
    private readonly deps: {
      db: Database;
      quests: QuestsRepository;
      stats: StatsService;
      streaks: StreaksService;
      access: QuestAccess;
      views: QuestViews;
      limit: QuestLimit;
      events: EventBus;
    },
  ) {}

  templates(category: QuestCategory | undefined): QuestTemplate[] {
    return QUEST_TEMPLATES.filter((t) => !category || t.category === category);
  }

  async create(userId: string, input: CreateInput, now: LocalNow): Promise<Quest> {
    const id = randomUUID();
    const today = checkInWindow(now).today;
    // Inside the transaction every query goes through `tx`: PGlite has one connection.
    await this.deps.db.transaction(async (tx) => {
      await this.deps.limit.assertRoomFor(userId, { tx });
      await this.deps.quests.insert(tx, {
        id,
        owner_id: userId,
        started_on: today,
        template_id: input.templateId ?? null,
        ...(toFields(input) as QuestFields),
      });
      await this.deps.quests.replaceTasks(
        tx,
        id,
        input.tasks.map((t) => ({ id: randomUUID(), title: t.title })),
      );
      await this.deps.quests.join(tx, { questId: id, userId, role: 'owner', joinedOn: today });
      await this.deps.stats.refreshQuestCounts(tx, [userId]);
      await this.deps.events.record(tx, 'quest.created', { questId: id, ownerId: userId });
    });
    return this.get(userId, id, now);
  }

  get(viewerId: string, id: string, now: LocalNow): Promise<Quest> {
    return this.deps.views.one(id, viewerId, now);
  }

  async update(userId: string, id: string, input: UpdateInput, now: LocalNow): Promise<Quest> {
    await this.deps.access.ownedQuest(id, userId);
    const fields = toFields(input);
    // A target is days or a date: setting one clears the other.
    if (input.targetDays) fields.end_date = null;
    if (input.endDate) fields.target_days = null;
    if (input.participantLimit) {
      const count = await this.deps.quests.participantCount(id);
      if (input.participantLimit < count) {
        throw badRequest(`participantLimit: ${count} people are already on this quest`, [
          { field: 'participantLimit', message: `${count} people are already on this quest` },
        ]);
      }
    }
    const existing = new Set(input.tasks ? await this.deps.quests.taskIds(id) : []);
    const tasks = input.tasks?.map((t, i) => {
      if (t.id && !existing.has(t.id)) {
        throw badRequest(`tasks.${i}.id: not a task of this quest`, [
          { field: `tasks.${i}.id`, message: 'Not a task of this quest' },
        ]);
      }
      return { id: t.id ?? randomUUID(), title: t.title };
    });
    await this.deps.db.transaction(async (tx) => {
      await this.deps.quests.update(tx, id, fields);
      if (tasks) await this.deps.quests.replaceTasks(tx, id, tasks);
    });
    return this.get(userId, id, now);
  }

  /** Completing or abandoning ends the quest for everyone on it. */
  async setStatus(
    userId: string,
    id: string,
    status: Exclude<QuestStatus, 'active'>,
    now: LocalNow,
  ): Promise<Quest> {
    const quest = await this.deps.access.ownedQuest(id, userId);
    if (quest.status !== 'active') throw conflict(`This quest is already ${quest.status}`);
    const people = await this.deps.quests.participantIds(id);
    await this.deps.db.transaction(async (tx) => {
      await this.deps.quests.setStatus(tx, id, status);
      await this.deps.stats.refreshQuestCounts(tx, people);
    });
    return this.get(userId, id, now);
  }

  /** Deleting removes its check-ins too; everyone's figures are recomputed without them. */
  async delete(userId: string, id: string, now: LocalNow): Promise<void> {
    await this.deps.access.ownedQuest(id, userId);
    const people = await this.deps.quests.participantIds(id);
    await this.deps.streaks.retryOnStale(() =>
      this.deps.db.transaction(async (tx) => {
        await this.deps.quests.delete(tx, id);
        for (const person of people) await this.deps.streaks.recomputeStreak(tx, person, now);
        await this.deps.stats.refreshQuestCounts(tx, people);
      }),
    );
  }

  async list(
    userId: string,
    query: { status: QuestStatus; cursor?: string | undefined; limit: number },
    now: LocalNow,
  ): Promise<QuestList> {
    // One statement: the page, each quest's view and the person's standing against the limit.
    const { limit, bundles } = await this.deps.quests.listBundles(
      userId,
      query.status,
      decodeCursor(query.cursor),
      query.limit,
      recentFrom(now),
    );
    if (!limit) throw notFound('User not found');
    const { items, nextCursor } = page(bundles, query.limit, (b) => ({
      at: b.joinedAt,
      id: b.quest.id,
    }));
    return { items: items.map((b) => present(b, userId, now)), nextCursor, activeLimit: limit };
  }

  /** Someone's own quests that the viewer may see (quest-visibility.ts), for their profile. */
  async ofUser(
    viewerId: string,
    ownerId: string,
    query: { status: QuestStatus; cursor?: string | undefined; limit: number },
    now: LocalNow,
  ): Promise<UserQuestList> {
    const found = await this.deps.quests.ownedVisibleTo(
      ownerId,
      viewerId,
      query.status,
      decodeCursor(query.cursor),
      query.limit,
    );
    if (!found.owner) throw notFound('User not found');
    const { items, nextCursor } = page(found.page, query.limit, (r) => ({
      at: r.created_at,
      id: r.id,
    }));
    const quests = await this.deps.views.many(
      items.map((r) => r.id),
      viewerId,
      now,
    );
    return { items: quests, nextCursor };
  }

  /**
   * The person is being erased: a quest of theirs that others are still on goes to the one who
   * joined it first. Answers the new owners.
   */
  handOnQuestsOf(tx: Queryable, userId: string): Promise<string[]> {
    return this.deps.quests.handOn(tx, userId);
  }
}

function toFields(input: Partial<CreateInput>): Partial<QuestFields> {
  return {
    title: input.title,
    description: input.description,
    category: input.category,
    emoji: input.emoji,
    target_days: input.targetDays,
    end_date: input.endDate,
    visibility: input.visibility,
    allow_others_to_join: input.allowOthersToJoin,
    participant_limit: input.participantLimit,
    requires_approval: input.requiresApproval,
  };
}
