import { z } from 'zod';
import { QUEST_TASKS_MAX, quest, questIdParams } from './quests.js';
import { day } from './days.js';
import { endpoint } from './http.js';

export const checkInRequest = z.object({
  day: z.enum(['today', 'yesterday']).default('today'),
  /**
   * The date the person checked in for, when known (the app always sends it): a check-in queued
   * offline and sent after midnight still lands on the day it was made — as yesterday's late
   * check-in while that window is open — and is refused, not moved, once that day is out of
   * reach. It takes the place of `day`.
   */
  forDay: day.optional(),
  taskIds: z.array(z.uuid()).max(QUEST_TASKS_MAX).default([]),
});
export type CheckInRequest = z.input<typeof checkInRequest>;

export const checkIn = z.object({
  id: z.string(),
  questId: z.string(),
  userId: z.string(),
  day,
  taskIds: z.array(z.string()),
  late: z.boolean(),
  createdAt: z.string(),
});
export type CheckIn = z.infer<typeof checkIn>;

export const checkInResponse = z.object({
  checkIn,
  quest,
  /** A streak milestone reached by this check-in (7, 30, 100, 365), else null. */
  milestone: z.number().int().nullable(),
});
export type CheckInResponse = z.infer<typeof checkInResponse>;

export const questCalendarQuery = z.object({
  weeks: z.coerce.number().int().min(1).max(53).default(6),
  userId: z.uuid().optional(),
});
export const questCalendar = z.object({
  days: z.array(
    z.object({ day, checkedIn: z.boolean(), rest: z.boolean(), tasksDone: z.number().int() }),
  ),
});
export type QuestCalendar = z.infer<typeof questCalendar>;

export const checkInsApi = {
  checkIn: endpoint({
    method: 'POST',
    path: '/quests/:id/check-ins',
    access: 'signed-in',
    params: questIdParams,
    body: checkInRequest,
    response: checkInResponse,
    status: 201,
    idempotent: true,
  }),
  undoToday: endpoint({
    method: 'DELETE',
    path: '/quests/:id/check-ins/today',
    access: 'signed-in',
    params: questIdParams,
    response: quest,
  }),
  calendar: endpoint({
    method: 'GET',
    path: '/quests/:id/calendar',
    access: 'signed-in',
    params: questIdParams,
    query: questCalendarQuery,
    response: questCalendar,
  }),
};
