import type { Queryable } from '../../db/database.js';

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
