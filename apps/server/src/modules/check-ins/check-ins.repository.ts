import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database.js';
import type { Cursor } from '../../platform/pagination.js';
import type { DayMark, StreakSummary } from '../streaks/streak-calculator.js';

export type CheckInRow = {
  id: string;
  quest_id: string;
  user_id: string;
  day: string;
  zone: string;
  day_start_hour: number;
  anchor_at: Date;
  late: boolean;
  task_ids: string[];
  created_at: Date;
};

export const toMark = (r: {
  day: string;
  zone: string;
  day_start_hour: number;
  anchor_at: Date;
}): DayMark => ({
  day: r.day,
  zone: r.zone,
  dayStartHour: r.day_start_hour,
  at: r.anchor_at,
});

/** Check-ins, rest days and the streak figures recomputed from them. */
export class CheckInsRepository {
  constructor(private readonly db: Queryable) {}

  async forParticipant(
    questId: string,
    userId: string,
    tx: Queryable = this.db,
  ): Promise<CheckInRow[]> {
    return tx.query<CheckInRow>(
      'SELECT * FROM check_ins WHERE quest_id = $1 AND user_id = $2 ORDER BY anchor_at',
      [questId, userId],
    );
  }

  async forUser(userId: string, tx: Queryable = this.db): Promise<CheckInRow[]> {
    return tx.query<CheckInRow>('SELECT * FROM check_ins WHERE user_id = $1 ORDER BY anchor_at', [
      userId,
    ]);
  }

  async insert(
    tx: Queryable,
    c: { questId: string; userId: string; mark: DayMark; late: boolean; taskIds: string[] },
  ): Promise<CheckInRow> {
    const rows = await tx.query<CheckInRow>(
      `INSERT INTO check_ins (id, quest_id, user_id, day, zone, day_start_hour, anchor_at, late, task_ids)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::uuid[]) RETURNING *`,
      [
        randomUUID(),
        c.questId,
        c.userId,
        c.mark.day,
        c.mark.zone,
        c.mark.dayStartHour,
        c.mark.at,
        c.late,
        c.taskIds,
      ],
    );
    return rows[0]!;
  }

  async delete(tx: Queryable, id: string): Promise<void> {
    await tx.query('DELETE FROM check_ins WHERE id = $1', [id]);
  }

  async restDays(userId: string, tx: Queryable = this.db): Promise<Set<string>> {
    const rows = await tx.query<{ day: string }>('SELECT day FROM rest_days WHERE user_id = $1', [
      userId,
    ]);
    return new Set(rows.map((r) => r.day));
  }

  async restDaysOf(userIds: string[]): Promise<Map<string, Set<string>>> {
    const map = new Map<string, Set<string>>(userIds.map((id) => [id, new Set()]));
    if (userIds.length === 0) return map;
    const rows = await this.db.query<{ user_id: string; day: string }>(
      'SELECT user_id, day FROM rest_days WHERE user_id = ANY($1::uuid[])',
      [userIds],
    );
    for (const r of rows) map.get(r.user_id)?.add(r.day);
    return map;
  }

  async addRestDay(tx: Queryable, userId: string, day: string): Promise<void> {
    await tx.query('INSERT INTO rest_days (user_id, day) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
      userId,
      day,
    ]);
  }

  async removeRestDay(tx: Queryable, userId: string, day: string): Promise<void> {
    await tx.query('DELETE FROM rest_days WHERE user_id = $1 AND day = $2', [userId, day]);
  }

  async saveParticipantStreak(
    tx: Queryable,
    questId: string,
    userId: string,
    s: StreakSummary,
    last: CheckInRow | undefined,
  ): Promise<void> {
    await tx.query(
      `UPDATE quest_participants SET run_length = $3, longest_streak = $4, total_check_ins = $5,
         last_day = $6, last_zone = $7, last_day_start_hour = $8, last_at = $9
       WHERE quest_id = $1 AND user_id = $2`,
      [
        questId,
        userId,
        s.runLength,
        s.longestStreak,
        s.totalDays,
        last?.day ?? null,
        last?.zone ?? null,
        last?.day_start_hour ?? null,
        last?.anchor_at ?? null,
      ],
    );
  }

  async saveUserStreak(
    tx: Queryable,
    userId: string,
    s: StreakSummary,
    totalCheckIns: number,
    last: CheckInRow | undefined,
  ): Promise<void> {
    await tx.query(
      `UPDATE user_stats SET current_streak = $2, longest_streak = $3, total_check_ins = $4,
         last_day = $5, last_zone = $6, last_day_start_hour = $7, last_at = $8
       WHERE user_id = $1`,
      [
        userId,
        s.runLength,
        s.longestStreak,
        totalCheckIns,
        last?.day ?? null,
        last?.zone ?? null,
        last?.day_start_hour ?? null,
        last?.anchor_at ?? null,
      ],
    );
  }

  /** Check-ins on these quests by these people on these days (for today's state and calendars). */
  async onDays(questIds: string[], userId: string, days: string[]): Promise<CheckInRow[]> {
    if (questIds.length === 0 || days.length === 0) return [];
    return this.db.query<CheckInRow>(
      'SELECT * FROM check_ins WHERE quest_id = ANY($1::uuid[]) AND user_id = $2 AND day = ANY($3::text[])',
      [questIds, userId, days],
    );
  }

  async checkedInOn(questId: string, userIds: string[], day: string): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const rows = await this.db.query<{ user_id: string }>(
      'SELECT DISTINCT user_id FROM check_ins WHERE quest_id = $1 AND user_id = ANY($2::uuid[]) AND day = $3',
      [questId, userIds, day],
    );
    return new Set(rows.map((r) => r.user_id));
  }

  /**
   * Recent check-ins the viewer may see: their own, and those of people they vibe with on quests
   * the viewer may see.
   */
  async activityFor(
    viewerId: string,
    cursor: Cursor | null,
    limit: number,
  ): Promise<(CheckInRow & { title: string; emoji: string; task_count: number })[]> {
    return this.db.query(
      `SELECT c.*, q.title, q.emoji, (SELECT count(*)::int FROM quest_tasks t WHERE t.quest_id = q.id) AS task_count
         FROM check_ins c JOIN quests q ON q.id = c.quest_id
        WHERE (c.user_id = $1
               OR (c.user_id IN (SELECT target_id FROM vibing_with WHERE user_id = $1)
                   -- The same rule as QuestAccess.canView: vibers means people who vibe with the owner.
                   AND (q.visibility = 'public'
                        OR q.owner_id = $1
                        OR (q.visibility = 'vibers' AND EXISTS (SELECT 1 FROM vibing_with v WHERE v.user_id = $1 AND v.target_id = q.owner_id))
                        OR EXISTS (SELECT 1 FROM quest_participants p WHERE p.quest_id = q.id AND p.user_id = $1 AND p.status = 'active'))))
          AND ($2::timestamptz IS NULL OR (c.created_at, c.id) < ($2::timestamptz, $3::uuid))
        ORDER BY c.created_at DESC, c.id DESC LIMIT $4`,
      [viewerId, cursor?.at ?? null, cursor?.id ?? null, limit + 1],
    );
  }
}
