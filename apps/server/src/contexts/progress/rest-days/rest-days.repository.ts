import type { Queryable } from '../../../db/database.js';

/** Rest days: days a person planned off, which neither break nor extend a streak. */
export class RestDaysRepository {
  constructor(private readonly db: Queryable) {}

  async list(userId: string): Promise<string[]> {
    const rows = await this.db.query<{ day: string }>(
      'SELECT day FROM rest_days WHERE user_id = $1 ORDER BY day',
      [userId],
    );
    return rows.map((r) => r.day);
  }

  async add(tx: Queryable, userId: string, day: string): Promise<void> {
    await tx.query('INSERT INTO rest_days (user_id, day) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
      userId,
      day,
    ]);
  }

  async remove(tx: Queryable, userId: string, day: string): Promise<void> {
    await tx.query('DELETE FROM rest_days WHERE user_id = $1 AND day = $2', [userId, day]);
  }
}
