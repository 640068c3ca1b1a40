import { z } from 'zod';
import { day } from './days.js';
import { endpoint } from './http.js';
import { streakFigures } from './stats.js';
import { personSummary } from './users.js';

export const QUEST_CATEGORIES = [
  'fitness',
  'learning',
  'mindfulness',
  'creativity',
  'health',
  'career',
  'relationships',
  'finance',
  'other',
] as const;
export type QuestCategory = (typeof QUEST_CATEGORIES)[number];

export const QUEST_VISIBILITIES = ['public', 'vibers', 'private'] as const;
export type QuestVisibility = (typeof QUEST_VISIBILITIES)[number];

export const QUEST_STATUSES = ['active', 'completed', 'abandoned'] as const;
export type QuestStatus = (typeof QUEST_STATUSES)[number];

export const QUEST_TITLE_MAX = 80;
export const QUEST_DESCRIPTION_MAX = 500;
export const QUEST_TASKS_MAX = 20;
export const QUEST_TASK_TITLE_MAX = 120;
/** Streak milestones celebrated on check-in (docs/product/check-ins-and-streaks.md). */
export const STREAK_MILESTONES = [7, 30, 100, 365] as const;
export const REST_DAYS_PER_MONTH = 2;

export const questTaskInput = z.object({
  /** Present for a task that already exists (renamed or moved); absent for a new one. */
  id: z.uuid().optional(),
  title: z
    .string()
    .trim()
    .min(1, 'A task needs a name')
    .max(QUEST_TASK_TITLE_MAX, `Keep a task under ${QUEST_TASK_TITLE_MAX} characters`),
});

const questFields = {
  title: z
    .string()
    .trim()
    .min(1, 'Give your quest a title')
    .max(QUEST_TITLE_MAX, `Keep the title under ${QUEST_TITLE_MAX} characters`),
  description: z
    .string()
    .trim()
    .max(QUEST_DESCRIPTION_MAX, `Keep the description under ${QUEST_DESCRIPTION_MAX} characters`),
  category: z.enum(QUEST_CATEGORIES, 'Choose a category'),
  emoji: z.string().trim().min(1).max(16),
  /** Tasks in order; on edit the list replaces the old one (ids keep existing tasks). */
  tasks: z
    .array(questTaskInput)
    .max(QUEST_TASKS_MAX, `A quest can have at most ${QUEST_TASKS_MAX} tasks`),
  targetDays: z.number().int().min(1, 'A target is at least 1 day').max(3650).nullable(),
  endDate: day.nullable(),
  visibility: z.enum(QUEST_VISIBILITIES),
  allowOthersToJoin: z.boolean(),
  /** Everyone on the quest, the owner included; null means no limit. */
  participantLimit: z
    .number()
    .int()
    .min(2, 'A shared quest needs room for at least 2 people')
    .max(1000)
    .nullable(),
  requiresApproval: z.boolean(),
};

const targetRule = (q: { targetDays?: number | null; endDate?: string | null }) =>
  !(q.targetDays && q.endDate);
const targetMessage = {
  message: 'Choose either a number of days or an end date, not both',
  path: ['endDate'],
};

export const createQuestRequest = z
  .object({
    ...questFields,
    description: questFields.description.default(''),
    emoji: questFields.emoji.default('🎯'),
    tasks: questFields.tasks.default([]),
    targetDays: questFields.targetDays.default(null),
    endDate: questFields.endDate.default(null),
    visibility: questFields.visibility.default('public'),
    allowOthersToJoin: questFields.allowOthersToJoin.default(false),
    participantLimit: questFields.participantLimit.default(null),
    requiresApproval: questFields.requiresApproval.default(false),
    templateId: z.string().max(64).optional(),
  })
  .refine(targetRule, targetMessage);
export type CreateQuestRequest = z.input<typeof createQuestRequest>;

export const updateQuestRequest = z.object(questFields).partial().refine(targetRule, targetMessage);
export type UpdateQuestRequest = z.input<typeof updateQuestRequest>;

export const questTask = z.object({
  id: z.string(),
  title: z.string(),
  position: z.number().int(),
});
export type QuestTask = z.infer<typeof questTask>;

/** Where the viewer stands with a quest, and what they can do today. */
export const questViewerState = streakFigures.extend({
  role: z.enum(['owner', 'member']).nullable(),
  /** 'pending' or 'declined' when the viewer asked to join. */
  requestStatus: z.enum(['pending', 'declined']).nullable(),
  today: day,
  yesterday: day,
  checkedInToday: z.boolean(),
  /** Task ids ticked in today's check-in. */
  tasksDoneToday: z.array(z.string()),
  checkedInYesterday: z.boolean(),
  /**
   * What the server will accept now, decided by the same rule as the check-in and undo
   * endpoints (the person's lived day, their start on the quest, the late window): the app
   * offers exactly these, whatever zone the phone is in.
   */
  canCheckInToday: z.boolean(),
  /** Yesterday can still be checked in (until day-start hour + 12 h). */
  canCheckInYesterday: z.boolean(),
  canUndoToday: z.boolean(),
});
export type QuestViewerState = z.infer<typeof questViewerState>;

export const quest = z.object({
  id: z.string(),
  owner: personSummary,
  title: z.string(),
  description: z.string(),
  category: z.enum(QUEST_CATEGORIES),
  emoji: z.string(),
  tasks: z.array(questTask),
  targetDays: z.number().int().nullable(),
  endDate: day.nullable(),
  visibility: z.enum(QUEST_VISIBILITIES),
  allowOthersToJoin: z.boolean(),
  participantLimit: z.number().int().nullable(),
  requiresApproval: z.boolean(),
  status: z.enum(QUEST_STATUSES),
  /** The owner's day the quest began; no check-in before it. */
  startedOn: day,
  participantCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  completedAt: z.string().nullable(),
  abandonedAt: z.string().nullable(),
  /** Null for a visitor who is not part of the quest. */
  viewer: questViewerState.nullable(),
});
export type Quest = z.infer<typeof quest>;

export const questListQuery = z.object({
  status: z.enum(QUEST_STATUSES).default('active'),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export const questList = z.object({
  items: z.array(quest),
  nextCursor: z.string().nullable(),
  /** Active quests (own and joined) against `limits.quests`. */
  activeLimit: z.object({ used: z.number().int(), max: z.number().int() }),
});
export type QuestList = z.infer<typeof questList>;

/** `GET /users/{id}/quests`: the quests a person owns that the viewer may see, newest first. */
export const userQuestsQuery = questListQuery;
export const userQuestList = z.object({ items: z.array(quest), nextCursor: z.string().nullable() });
export type UserQuestList = z.infer<typeof userQuestList>;
export const userQuestsParams = z.object({ id: z.uuid('Not a valid user id') });

export const questTemplate = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.enum(QUEST_CATEGORIES),
  emoji: z.string(),
  tasks: z.array(z.string()),
  targetDays: z.number().int().nullable(),
});
export type QuestTemplate = z.infer<typeof questTemplate>;
export const questTemplatesQuery = z.object({ category: z.enum(QUEST_CATEGORIES).optional() });
export const questTemplates = z.object({ templates: z.array(questTemplate) });
export type QuestTemplates = z.infer<typeof questTemplates>;

export const questIdParams = z.object({ id: z.uuid('Not a valid quest id') });

export const questsApi = {
  templates: endpoint({
    method: 'GET',
    path: '/quests/templates',
    access: 'public',
    query: questTemplatesQuery,
    response: questTemplates,
  }),
  list: endpoint({
    method: 'GET',
    path: '/quests',
    access: 'signed-in',
    query: questListQuery,
    response: questList,
  }),
  /** Someone's own quests that the viewer may see (never private, vibers-only when mutual). */
  ofUser: endpoint({
    method: 'GET',
    path: '/users/:id/quests',
    access: 'signed-in',
    params: userQuestsParams,
    query: userQuestsQuery,
    response: userQuestList,
  }),
  create: endpoint({
    method: 'POST',
    path: '/quests',
    access: 'signed-in',
    body: createQuestRequest,
    response: quest,
    status: 201,
    idempotent: true,
  }),
  get: endpoint({
    method: 'GET',
    path: '/quests/:id',
    access: 'signed-in',
    params: questIdParams,
    response: quest,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/quests/:id',
    access: 'signed-in',
    params: questIdParams,
    body: updateQuestRequest,
    response: quest,
  }),
  complete: endpoint({
    method: 'POST',
    path: '/quests/:id/complete',
    access: 'signed-in',
    params: questIdParams,
    response: quest,
  }),
  abandon: endpoint({
    method: 'POST',
    path: '/quests/:id/abandon',
    access: 'signed-in',
    params: questIdParams,
    response: quest,
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/quests/:id',
    access: 'signed-in',
    params: questIdParams,
    response: null,
  }),
};
