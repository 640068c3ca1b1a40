import type { Queryable } from '../../../db/database.js';

/** How long a source stays known without another sign-in from it. */
const KNOWN_FOR_MS = 180 * 24 * 60 * 60_000;

/** Where each person has signed in successfully before: (address group, device id). */
export class SignInSourcesRepository {
  constructor(private readonly db: Queryable) {}

  async isKnown(
    userId: string,
    addressGroup: string,
    deviceId: string,
    now: Date,
  ): Promise<boolean> {
    const rows = await this.db.query(
      `SELECT 1 FROM sign_in_sources
        WHERE user_id = $1 AND address_group = $2 AND device_id = $3 AND last_success_at > $4`,
      [userId, addressGroup, deviceId, new Date(now.getTime() - KNOWN_FOR_MS)],
    );
    return rows.length > 0;
  }

  /** Records a success; the person's sources unused for too long are forgotten meanwhile. */
  async remember(userId: string, addressGroup: string, deviceId: string, now: Date): Promise<void> {
    await this.db.query(
      `WITH forgotten AS (
         DELETE FROM sign_in_sources
          WHERE user_id = $1 AND last_success_at <= $5
            AND NOT (address_group = $2 AND device_id = $3))
       INSERT INTO sign_in_sources (user_id, address_group, device_id, last_success_at)
       VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id, address_group, device_id)
       DO UPDATE SET last_success_at = excluded.last_success_at`,
      [userId, addressGroup, deviceId, now, new Date(now.getTime() - KNOWN_FOR_MS)],
    );
  }
}
