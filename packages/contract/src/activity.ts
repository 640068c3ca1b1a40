import { z } from 'zod';
import { day } from './days.js';
import { endpoint } from './http.js';
import { pageOf, pageQuery } from './pagination.js';
import { personSummary } from './users.js';

export const activityItem = z.object({
  id: z.string(),
  user: personSummary,
  quest: z.object({ id: z.string(), title: z.string(), emoji: z.string() }),
  day,
  late: z.boolean(),
  tasksDone: z.number().int(),
  taskCount: z.number().int(),
  createdAt: z.string(),
});
export type ActivityItem = z.infer<typeof activityItem>;
export const activityList = pageOf(activityItem);
export type ActivityList = z.infer<typeof activityList>;

export const activityApi = {
  /** Recent check-ins of mine and of the people I vibe with. */
  list: endpoint({
    method: 'GET',
    path: '/activity',
    access: 'signed-in',
    query: pageQuery,
    response: activityList,
  }),
};
