import type { Queryable } from '../../../db/database.js';
import type { StatsRow } from './stats.repository.js';

export type ReportPersonRow = StatsRow & {
  rest_days: string[];
  timezone: string;
  day_start_hour: number;
};

/** Something received on a lived day: a smile or hum on one of my posts, or a vibe. */
export type ReceivedRow = { kind: 'smile' | 'hum' | 'vibe'; day: string; n: number };

export type QuestCompletionRow = {
  id: string;
  title: string;
  emoji: string;
  status: 'active' | 'completed';
  target_days: number | null;
  end_date: string | null;
  /** The later of the quest's start and the day I joined it. */
  started_on: string;
  completed_at: Date | null;
  check_ins: number;
};

/** The reads behind /stats: history grouped by the person's own days, never per request scans. */
export class StatsReportRepository {
  constructor(private readonly db: Queryable) {}

  /** My stored figures, my rest days (whether the run is alive) and my day settings. */
  async person(userId: string): Promise<ReportPersonRow | undefined> {
    const rows = await this.db.query<ReportPersonRow>(
      `SELECT s.*, u.timezone, u.day_start_hour,
              ARRAY(SELECT r.day FROM rest_days r WHERE r.user_id = s.user_id) AS rest_days
         FROM user_stats s JOIN users u ON u.id = s.user_id
        WHERE s.user_id = $1 AND u.status = 'Active'`,
      [userId],
    );
    return rows[0];
  }

  /** My check-ins per lived day from `firstDay` on (anchors are inside their day, a day's slack). */
  calendar(userId: string, firstDay: string, since: Date): Promise<{ day: string; n: number }[]> {
    return this.db.query(
      `SELECT day, count(*)::int AS n FROM check_ins
        WHERE user_id = $1 AND anchor_at >= $3 AND day >= $2
        GROUP BY day ORDER BY day`,
      [userId, firstDay, since],
    );
  }

  /**
   * Smiles and hums on my posts and vibes sent to me since `since`, per day as I live them (my
   * zone, my day's start hour).
   */
  received(
    userId: string,
    since: Date,
    zone: string,
    dayStartHour: number,
  ): Promise<ReceivedRow[]> {
    const dayOf = (column: string) =>
      `((${column} AT TIME ZONE $3) - make_interval(hours => $4))::date::text`;
    return this.db.query(
      `SELECT 'smile' AS kind, ${dayOf('s.created_at')} AS day, count(*)::int AS n
         FROM posts p JOIN smiles s ON s.post_id = p.id
        WHERE p.author_id = $1 AND s.created_at >= $2 GROUP BY 2
       UNION ALL
       SELECT 'hum', ${dayOf('h.created_at')}, count(*)::int
         FROM posts p JOIN hums h ON h.post_id = p.id
        WHERE p.author_id = $1 AND h.created_at >= $2 GROUP BY 2
       UNION ALL
       SELECT 'vibe', ${dayOf('v.created_at')}, count(*)::int
         FROM vibes v WHERE v.target_user_id = $1 AND v.created_at >= $2 GROUP BY 2`,
      [userId, since, zone, dayStartHour],
    );
  }

  /** The quests I am in that run or ran to the end, with my check-ins on each. */
  quests(userId: string): Promise<QuestCompletionRow[]> {
    return this.db.query(
      `SELECT q.id, q.title, q.emoji, q.status, q.target_days, q.end_date, q.completed_at,
              greatest(q.started_on, p.joined_on) AS started_on, p.total_check_ins AS check_ins
         FROM quest_participants p JOIN quests q ON q.id = p.quest_id
        WHERE p.user_id = $1 AND p.status = 'active' AND q.status IN ('active', 'completed')
        ORDER BY greatest(q.started_on, p.joined_on) DESC, q.id`,
      [userId],
    );
  }
}
