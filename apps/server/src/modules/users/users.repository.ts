import type { PersonSummary } from '@doers/contract';
import type { Queryable } from '../../db/database.js';

export type UserRow = {
  id: string;
  email: string;
  username: string;
  display_name: string;
  password_hash: string;
  account_type: 'standard' | 'founder';
  supporter_tier: 'free' | 'supporter' | 'champion';
  payment_status: 'Unpaid' | 'Paid' | 'Exempt';
  referral_code: string;
  referred_by: string | null;
  referral_warnings: number;
  founder_id: number | null;
  founder_joined_at: Date | null;
  limit_quests: number;
  limit_post_duration: number;
  limit_dm_duration: number;
  limit_referrals_per_month: number;
  color_theme: string;
  halo_intensity: number;
  badges: string[];
  is_goat: boolean;
  profile_picture_url: string | null;
  status: 'Active' | 'Suspended' | 'Deleted';
  timezone: string;
  last_active: Date | null;
  session_epoch: number;
  day_start_hour: number;
  created_at: Date;
  updated_at: Date;
};

export type StatsRow = {
  last_day: string | null;
  last_zone: string | null;
  last_day_start_hour: number | null;
  last_at: Date | null;
  active_quests: number;
  completed_quests: number;
  current_streak: number;
  longest_streak: number;
  total_check_ins: number;
  total_posts: number;
  total_smiles: number;
  total_vibes: number;
  total_vibers: number;
  total_vibing_with: number;
  total_completed_quests: number;
  total_smiles_sent: number;
  total_hums: number;
  total_post_interactions: number;
};

export type NewUser = Pick<
  UserRow,
  | 'id'
  | 'email'
  | 'username'
  | 'display_name'
  | 'password_hash'
  | 'account_type'
  | 'supporter_tier'
  | 'payment_status'
  | 'referral_code'
  | 'referred_by'
  | 'founder_id'
  | 'founder_joined_at'
  | 'limit_quests'
  | 'limit_post_duration'
  | 'limit_dm_duration'
  | 'limit_referrals_per_month'
  | 'timezone'
>;

export class UsersRepository {
  constructor(private readonly db: Queryable) {}

  async insert(user: NewUser, tx: Queryable = this.db): Promise<UserRow> {
    const columns = Object.keys(user);
    const rows = await tx.query<UserRow>(
      `INSERT INTO users (${columns.join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING *`,
      Object.values(user),
    );
    await tx.query('INSERT INTO user_stats (user_id) VALUES ($1)', [user.id]);
    return rows[0]!;
  }

  async findById(id: string, tx: Queryable = this.db): Promise<UserRow | undefined> {
    return (await tx.query<UserRow>('SELECT * FROM users WHERE id = $1', [id]))[0];
  }

  /** Sign-in accepts an email or a username, case-insensitive. */
  async findByLogin(login: string): Promise<UserRow | undefined> {
    const rows = await this.db.query<UserRow>(
      'SELECT * FROM users WHERE lower(email) = lower($1) OR lower(username) = lower($1) LIMIT 1',
      [login],
    );
    return rows[0];
  }

  async findByEmail(email: string): Promise<UserRow | undefined> {
    return (
      await this.db.query<UserRow>('SELECT * FROM users WHERE lower(email) = lower($1)', [email])
    )[0];
  }

  async findByReferralCode(code: string): Promise<UserRow | undefined> {
    const rows = await this.db.query<UserRow>(
      'SELECT * FROM users WHERE referral_code = upper($1)',
      [code],
    );
    return rows[0];
  }

  async existing(email: string, username: string): Promise<{ email: boolean; username: boolean }> {
    const rows = await this.db.query<{ email: boolean; username: boolean }>(
      `SELECT bool_or(lower(email) = lower($1)) AS email, bool_or(lower(username) = lower($2)) AS username
         FROM users WHERE lower(email) = lower($1) OR lower(username) = lower($2)`,
      [email, username],
    );
    return { email: rows[0]?.email ?? false, username: rows[0]?.username ?? false };
  }

  /** Name, handle, picture and founder star of each person, for lists. */
  async summaries(ids: string[]): Promise<Map<string, PersonSummary>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const rows = await this.db.query<
      Pick<UserRow, 'id' | 'username' | 'display_name' | 'profile_picture_url' | 'founder_id'>
    >(
      'SELECT id, username, display_name, profile_picture_url, founder_id FROM users WHERE id = ANY($1::uuid[])',
      [unique],
    );
    return new Map(
      rows.map((r) => [
        r.id,
        {
          id: r.id,
          username: r.username,
          displayName: r.display_name,
          profilePictureUrl: r.profile_picture_url,
          isFounder: r.founder_id !== null,
        },
      ]),
    );
  }

  /** Each person's zone and day-start hour: whose "today" a figure is judged by. */
  async clocksOf(ids: string[]): Promise<Map<string, { zone: string; dayStartHour: number }>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db.query<{ id: string; timezone: string; day_start_hour: number }>(
      'SELECT id, timezone, day_start_hour FROM users WHERE id = ANY($1::uuid[])',
      [ids],
    );
    return new Map(rows.map((r) => [r.id, { zone: r.timezone, dayStartHour: r.day_start_hour }]));
  }

  async setDayStartHour(userId: string, hour: number): Promise<void> {
    await this.db.query('UPDATE users SET day_start_hour = $2, updated_at = now() WHERE id = $1', [
      userId,
      hour,
    ]);
  }

  /**
   * Locks a person's stats row. Everything that changes their quests or streak takes it first
   * (then any quest or participant row), so their writes happen one at a time, in one order.
   */
  async lockStats(tx: Queryable, userId: string): Promise<void> {
    await tx.query('SELECT 1 FROM user_stats WHERE user_id = $1 FOR UPDATE', [userId]);
  }

  async stats(userId: string): Promise<StatsRow> {
    const rows = await this.db.query<StatsRow>('SELECT * FROM user_stats WHERE user_id = $1', [
      userId,
    ]);
    return rows[0]!;
  }

  async deviceIds(userId: string): Promise<string[]> {
    const rows = await this.db.query<{ id: string }>(
      'SELECT id FROM devices WHERE user_id = $1 ORDER BY last_seen_at DESC',
      [userId],
    );
    return rows.map((r) => r.id);
  }

  async upsertDevice(
    userId: string,
    device: { id: string; name: string; type: string; os: string; browser: string },
    tx: Queryable = this.db,
  ): Promise<void> {
    await tx.query(
      `INSERT INTO devices (user_id, id, name, type, os, browser) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (user_id, id) DO UPDATE
         SET name = EXCLUDED.name, type = EXCLUDED.type, os = EXCLUDED.os, browser = EXCLUDED.browser, last_seen_at = now()`,
      [userId, device.id, device.name, device.type, device.os, device.browser],
    );
  }

  async updatePassword(
    userId: string,
    passwordHash: string,
    tx: Queryable = this.db,
  ): Promise<void> {
    await tx.query('UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1', [
      userId,
      passwordHash,
    ]);
  }

  /** Seen on every authenticated request; the zone is what the client's clock says. */
  async touch(userId: string, timezone: string | undefined): Promise<void> {
    await this.db.query(
      `UPDATE users SET last_active = now(), timezone = COALESCE($2, timezone)
        WHERE id = $1 AND (last_active IS NULL OR last_active < now() - interval '1 minute' OR timezone IS DISTINCT FROM COALESCE($2, timezone))`,
      [userId, timezone ?? null],
    );
  }

  async countFounders(tx: Queryable = this.db): Promise<number> {
    const rows = await tx.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM users WHERE founder_id IS NOT NULL',
    );
    return rows[0]!.n;
  }

  async nextFounderId(tx: Queryable): Promise<number> {
    const rows = await tx.query<{ n: number }>(
      'SELECT COALESCE(max(founder_id), 0)::int + 1 AS n FROM users',
    );
    return rows[0]!.n;
  }

  /** Referrals made since `since`, and in all. */
  async referralCounts(
    userId: string,
    since: Date,
  ): Promise<{ since: number; total: number; last: Date | null }> {
    const rows = await this.db.query<{ since: number; total: number; last: Date | null }>(
      `SELECT count(*) FILTER (WHERE created_at >= $2)::int AS since, count(*)::int AS total, max(created_at) AS last
         FROM users WHERE referred_by = $1`,
      [userId, since],
    );
    return rows[0]!;
  }
}
