import type { NotificationChannels, NotificationType } from '@doers/contract';
import type { Queryable } from '../../../db/database.js';

export type SettingsRow = {
  types: Partial<Record<NotificationType, NotificationChannels>>;
  reminder_hour: number | null;
};

/** What each person changed about their notifications (migration 014); no row: the defaults. */
export class NotificationSettingsRepository {
  constructor(private readonly db: Queryable) {}

  async find(userId: string): Promise<SettingsRow | null> {
    const rows = await this.db.query<SettingsRow>(
      'SELECT types, reminder_hour FROM notification_settings WHERE user_id = $1',
      [userId],
    );
    return rows[0] ?? null;
  }

  /**
   * Merges the changed types into what is stored (a type not named keeps its setting) and sets
   * the reminder hour when `reminderHour` is given; one statement, so two saves never lose each
   * other's types.
   */
  async save(
    userId: string,
    change: {
      types: Partial<Record<NotificationType, NotificationChannels>>;
      reminderHour: number | null | undefined;
    },
    now: Date,
  ): Promise<SettingsRow> {
    const rows = await this.db.query<SettingsRow>(
      `INSERT INTO notification_settings AS s (user_id, types, reminder_hour, updated_at)
       VALUES ($1, $2::jsonb, $4::int, $5)
       ON CONFLICT (user_id) DO UPDATE SET
         types = s.types || EXCLUDED.types,
         reminder_hour = CASE WHEN $3::boolean THEN EXCLUDED.reminder_hour ELSE s.reminder_hour END,
         updated_at = EXCLUDED.updated_at
       RETURNING types, reminder_hour`,
      [
        userId,
        JSON.stringify(change.types),
        change.reminderHour !== undefined,
        change.reminderHour ?? null,
        now,
      ],
    );
    return rows[0]!;
  }
}
