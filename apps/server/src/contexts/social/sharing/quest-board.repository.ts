import type { PersonSummary } from '@doers/contract';
import type { Queryable } from '../../../db/database.js';
import type { ParticipantRow } from '../../progress/index.js';

export type QuestBoardRow = ParticipantRow & {
  person: PersonSummary;
  timezone: string;
  day_start_hour: number;
  rest_days: string[];
  /** Their latest check-ins on the quest, enough to tell whether they checked in today. */
  recent: { day: string; zone: string; day_start_hour: number; anchor_at: string }[];
};

/** Everyone on a quest with what their figures need, in one query. */
export class QuestBoardRepository {
  constructor(private readonly db: Queryable) {}

  async participants(questId: string, recentSince: Date): Promise<QuestBoardRow[]> {
    return this.db.query<QuestBoardRow>(
      `SELECT p.*, u.timezone, u.day_start_hour,
         json_build_object('id', u.id, 'username', u.username, 'displayName', u.display_name,
           'profilePictureUrl', u.profile_picture_url, 'isFounder', u.founder_id IS NOT NULL)
           AS person,
         ARRAY(SELECT r.day FROM rest_days r WHERE r.user_id = p.user_id) AS rest_days,
         COALESCE((SELECT json_agg(c ORDER BY c.anchor_at) FROM (
           SELECT day, zone, day_start_hour, anchor_at FROM check_ins
            WHERE quest_id = p.quest_id AND user_id = p.user_id AND anchor_at >= $2) c), '[]')
           AS recent
       FROM quest_participants p JOIN users u ON u.id = p.user_id
       WHERE p.quest_id = $1 AND p.status = 'active'
       ORDER BY p.joined_at`,
      [questId, recentSince],
    );
  }
}
