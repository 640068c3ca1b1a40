import type { Queryable } from '../../../db/database.js';

/** Someone who chose a reminder hour and is on an active quest. */
export type ReminderCandidate = {
  user_id: string;
  reminder_hour: number;
  timezone: string;
  day_start_hour: number;
  /** The last of their days they were reminded for, if ever. */
  last_day: string | null;
};

/**
 * The daily streak reminder's reads and its ledger (migration 014). Reads the quests, check-ins
 * and rest days tables without writing them.
 */
export class StreakRemindersRepository {
  constructor(private readonly db: Queryable) {}

  async candidates(): Promise<ReminderCandidate[]> {
    return this.db.query<ReminderCandidate>(
      `SELECT s.user_id, s.reminder_hour, u.timezone, u.day_start_hour,
              (SELECT max(r.day) FROM streak_reminders r WHERE r.user_id = s.user_id) AS last_day
         FROM notification_settings s JOIN users u ON u.id = s.user_id
        WHERE s.reminder_hour IS NOT NULL AND u.status = 'Active'
          AND EXISTS (SELECT 1 FROM quest_participants p JOIN quests q ON q.id = p.quest_id
                       WHERE p.user_id = s.user_id AND p.status = 'active' AND q.status = 'active')`,
    );
  }

  /**
   * The person's active quests with no check-in on `day` (none at all on a rest day), oldest
   * first: what the reminder is about.
   */
  async questsToCheckIn(userId: string, day: string): Promise<string[]> {
    const rows = await this.db.query<{ id: string }>(
      `SELECT q.id FROM quest_participants p JOIN quests q ON q.id = p.quest_id
        WHERE p.user_id = $1 AND p.status = 'active' AND q.status = 'active'
          AND p.joined_on <= $2 AND (q.end_date IS NULL OR q.end_date >= $2)
          AND NOT EXISTS (SELECT 1 FROM check_ins c
                           WHERE c.quest_id = q.id AND c.user_id = $1 AND c.day = $2)
          AND NOT EXISTS (SELECT 1 FROM rest_days r WHERE r.user_id = $1 AND r.day = $2)
        ORDER BY q.created_at, q.id`,
      [userId, day],
    );
    return rows.map((r) => r.id);
  }

  /** Claims the person's day; false when it was already claimed (by this or another instance). */
  async claim(tx: Queryable, userId: string, day: string, now: Date): Promise<boolean> {
    const rows = await tx.query<{ user_id: string }>(
      `INSERT INTO streak_reminders (user_id, day, sent_at) VALUES ($1, $2, $3)
       ON CONFLICT DO NOTHING RETURNING user_id`,
      [userId, day, now],
    );
    return rows.length > 0;
  }
}
