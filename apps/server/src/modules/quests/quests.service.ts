import { randomUUID } from 'node:crypto';
import {
  type createQuestRequest,
  type Quest,
  type QuestCategory,
  type QuestList,
  type QuestStatus,
  type QuestTemplate,
  type updateQuestRequest,
} from '@doers/contract';
import type { z } from 'zod';
import type { Database } from '../../db/database.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { decodeCursor, page } from '../../platform/pagination.js';
import type { StreakRecorder } from '../check-ins/streak-recorder.js';
import type { OnboardingRepository } from '../onboarding/onboarding.repository.js';
import { checkInWindow, type Clock } from '../streaks/streak-calculator.js';
import type { UsersRepository } from '../users/users.repository.js';
import type { QuestAccess } from './quest-access.js';
import { QUEST_TEMPLATES } from './quest-templates.js';
import type { QuestViews } from './quest-views.js';
import type { QuestFields, QuestsRepository } from './quests.repository.js';

type CreateInput = z.output<typeof createQuestRequest>;
type UpdateInput = z.output<typeof updateQuestRequest>;

export class QuestsService {
  constructor(
    private readonly deps: {
      db: Database;
      quests: QuestsRepository;
      users: UsersRepository;
      onboarding: OnboardingRepository;
      access: QuestAccess;
      views: QuestViews;
      recorder: StreakRecorder;
    },
  ) {}

  templates(category: QuestCategory | undefined): QuestTemplate[] {
    return QUEST_TEMPLATES.filter((t) => !category || t.category === category);
  }

  async create(userId: string, input: CreateInput, clock: Clock): Promise<Quest> {
    const id = randomUUID();
    const user = await this.deps.users.findById(userId);
    if (!user) throw notFound('User not found');
    // Inside the transaction every query goes through `tx`: PGlite has one connection.
    await this.deps.db.transaction(async (tx) => {
      await this.deps.users.lockStats(tx, userId);
      if ((await this.deps.quests.countActive(userId, tx)) >= user.limit_quests) {
        throw questLimitReached(user.limit_quests, user.supporter_tier);
      }
      const today = checkInWindow(clock).today;
      await this.deps.quests.insert(tx, {
        id,
        owner_id: userId,
        started_on: today,
        template_id: input.templateId ?? null,
        ...toFields(input),
      } as QuestFields & {
        id: string;
        owner_id: string;
        started_on: string;
        template_id: string | null;
      });
      await this.deps.quests.replaceTasks(
        tx,
        id,
        input.tasks.map((t) => ({ id: randomUUID(), title: t.title })),
      );
      await this.deps.quests.join(tx, { questId: id, userId, role: 'owner', joinedOn: today });
      await this.deps.quests.refreshQuestCounts([userId], tx);
      // Creating a quest is the last onboarding step.
      await this.deps.onboarding.complete(userId, 'first-quest', tx);
    });
    return this.get(userId, id, clock);
  }

  async get(viewerId: string, id: string, clock: Clock): Promise<Quest> {
    return this.deps.views.one(await this.deps.access.visibleQuest(id, viewerId), viewerId, clock);
  }

  async update(userId: string, id: string, input: UpdateInput, clock: Clock): Promise<Quest> {
    const quest = await this.deps.access.ownedQuest(id, userId);
    const fields = toFields(input);
    // A target is days or a date: setting one clears the other.
    if (input.targetDays) fields.end_date = null;
    if (input.endDate) fields.target_days = null;
    if (input.participantLimit) {
      const count = (await this.deps.quests.participantCounts([id])).get(id) ?? 0;
      if (input.participantLimit < count) {
        throw badRequest(`participantLimit: ${count} people are already on this quest`, [
          { field: 'participantLimit', message: `${count} people are already on this quest` },
        ]);
      }
    }
    const existing = new Set((await this.deps.quests.tasksOf([id])).map((t) => t.id));
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
    return this.get(userId, quest.id, clock);
  }

  async setStatus(
    userId: string,
    id: string,
    status: Exclude<QuestStatus, 'active'>,
    clock: Clock,
  ): Promise<Quest> {
    const quest = await this.deps.access.ownedQuest(id, userId);
    if (quest.status !== 'active') throw conflict(`This quest is already ${quest.status}`);
    await this.deps.quests.setStatus(id, status);
    await this.deps.quests.refreshQuestCounts(await this.deps.quests.participantIds(id));
    return this.get(userId, id, clock);
  }

  /** Deleting removes its check-ins too; everyone's figures are recomputed without them. */
  async delete(userId: string, id: string, clock: Clock): Promise<void> {
    await this.deps.access.ownedQuest(id, userId);
    const people = await this.deps.quests.participantIds(id);
    await this.deps.db.transaction(async (tx) => {
      await tx.query('DELETE FROM quests WHERE id = $1', [id]);
      for (const person of people) await this.deps.recorder.recordUser(tx, person, clock);
      await this.deps.quests.refreshQuestCounts(people, tx);
    });
  }

  async list(
    userId: string,
    query: { status: QuestStatus; cursor?: string | undefined; limit: number },
    clock: Clock,
  ): Promise<QuestList> {
    const rows = await this.deps.quests.listFor(
      userId,
      query.status,
      decodeCursor(query.cursor),
      query.limit,
    );
    const { items, nextCursor } = page(rows, query.limit, (r) => ({ at: r.joined_at, id: r.id }));
    const user = await this.deps.users.findById(userId);
    if (!user) throw notFound('User not found');
    return {
      items: await this.deps.views.many(items, userId, clock),
      nextCursor,
      activeLimit: { used: await this.deps.quests.countActive(userId), max: user.limit_quests },
    };
  }
}

/** `limits.quests` caps active quests, own and joined. */
export function questLimitReached(max: number, tier: string) {
  return conflict(
    `You can have ${max} active quest${max === 1 ? '' : 's'} at a time on the ${tier} tier. Complete or leave one to start another.`,
  );
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
