import type { Queryable } from '../../../db/database.js';

/** The privacy columns of `users` (migration 022), written only here. */
export type PrivacyColumns = {
  private_profile: boolean;
  show_stats: boolean;
};

/** Who sees what of a profile (docs/product/profiles.md#privacy). */
export class PrivacyRepository {
  constructor(private readonly db: Queryable) {}

  async privacyOf(userId: string): Promise<PrivacyColumns | undefined> {
    const rows = await this.db.query<PrivacyColumns>(
      'SELECT private_profile, show_stats FROM users WHERE id = $1',
      [userId],
    );
    return rows[0];
  }

  /**
   * What decides who hears the person's voice intro: their account's state, their privacy, and
   * whether `viewerId` (when given) and they vibe with each other.
   */
  async introFacts(
    userId: string,
    viewerId: string | null,
  ): Promise<{ status: string; private_profile: boolean; mutual: boolean } | undefined> {
    const rows = await this.db.query<{ status: string; private_profile: boolean; mutual: boolean }>(
      `SELECT u.status, u.private_profile,
              $2::uuid IS NOT NULL
                AND EXISTS (SELECT 1 FROM vibing_with a WHERE a.user_id = $2 AND a.target_id = u.id)
                AND EXISTS (SELECT 1 FROM vibing_with b WHERE b.user_id = u.id AND b.target_id = $2)
                AS mutual
         FROM users u WHERE u.id = $1`,
      [userId, viewerId],
    );
    return rows[0];
  }

  /** Only the columns given change; answers the settings as saved. */
  async setPrivacy(
    userId: string,
    changes: Partial<PrivacyColumns>,
  ): Promise<PrivacyColumns | undefined> {
    const rows = await this.db.query<PrivacyColumns>(
      `UPDATE users SET private_profile = COALESCE($2, private_profile),
                        show_stats = COALESCE($3, show_stats), updated_at = now()
        WHERE id = $1 RETURNING private_profile, show_stats`,
      [userId, changes.private_profile ?? null, changes.show_stats ?? null],
    );
    return rows[0];
  }
}
