import type { PersonSummary } from '@doers/contract';
import type { Queryable } from '../../../db/database.js';
import type { Cursor } from '../../../platform/pagination.js';
import { notBlockedBetween } from '../../people/index.js';
import { questVisibleTo } from '../../progress/index.js';

export type ActivityRow = {
  id: string;
  person: PersonSummary;
  quest_id: string;
  title: string;
  emoji: string;
  day: string;
  late: boolean;
  tasks_done: number;
  task_count: number;
  created_at: Date;
};

/** The timeline: check-ins read with their quest and their person. */
export class ActivityRepository {
  constructor(private readonly db: Queryable) {}

  /**
   * Recent check-ins the viewer may see: their own, and those of people they vibe with on
   * quests the viewer may see, never of someone blocked either way. Newest first.
   */
  async forViewer(viewerId: string, cursor: Cursor | null, limit: number): Promise<ActivityRow[]> {
    return this.db.query<ActivityRow>(
      `SELECT c.id, c.quest_id, c.day, c.late, c.created_at,
              cardinality(c.task_ids) AS tasks_done, q.title, q.emoji,
              (SELECT count(*)::int FROM quest_tasks t WHERE t.quest_id = q.id) AS task_count,
              json_build_object('id', u.id, 'username', u.username,
                'displayName', u.display_name, 'profilePictureUrl', u.profile_picture_url,
                'isFounder', u.founder_id IS NOT NULL) AS person
         FROM check_ins c JOIN quests q ON q.id = c.quest_id JOIN users u ON u.id = c.user_id
        WHERE (c.user_id = $1
               OR (c.user_id IN (SELECT target_id FROM vibing_with WHERE user_id = $1)
                   AND ${questVisibleTo('q', '$1::uuid')}
                   AND ${notBlockedBetween('$1::uuid', 'c.user_id')}))
          AND ($2::timestamptz IS NULL OR (c.created_at, c.id) < ($2::timestamptz, $3::uuid))
        ORDER BY c.created_at DESC, c.id DESC LIMIT $4`,
      [viewerId, cursor?.at ?? null, cursor?.id ?? null, limit + 1],
    );
  }
}
