import type { ActivityList } from '@doers/contract';
import { decodeCursor, page } from '../../../platform/pagination.js';
import type { ActivityRepository } from './activity.repository.js';

/** `/activity`: recent check-ins of mine and of people I vibe with (docs/product/sharing.md). */
export class ActivityService {
  constructor(private readonly activity: ActivityRepository) {}

  async list(
    viewerId: string,
    query: { cursor?: string | undefined; limit: number },
  ): Promise<ActivityList> {
    const rows = await this.activity.forViewer(viewerId, decodeCursor(query.cursor), query.limit);
    const { items, nextCursor } = page(rows, query.limit, (r) => ({ at: r.created_at, id: r.id }));
    return {
      items: items.map((r) => ({
        id: r.id,
        user: r.person,
        quest: { id: r.quest_id, title: r.title, emoji: r.emoji },
        day: r.day,
        late: r.late,
        tasksDone: r.tasks_done,
        taskCount: r.task_count,
        createdAt: r.created_at.toISOString(),
      })),
      nextCursor,
    };
  }
}
