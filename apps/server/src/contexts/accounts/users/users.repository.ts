import type { Interest, PersonSummary } from '@doers/contract';
import type { Queryable } from '../../../db/database.js';
import { transcriptOf } from '../../media/index.js';
import type { SessionUserCache } from './session-user-cache.js';
import type { ProfileRow, UserRow } from './user-rows.js';

export type { ProfileRow, UserRow } from './user-rows.js';

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
  | 'created_at'
>;

/** What an operator may grant a person. */
export type Grants = Pick<UserRow, 'admin_access' | 'moderation_tools'>;

/** The columns a supporter tier sets. */
export type TierColumns = Pick<
  UserRow,
  'supporter_tier' | 'payment_status' | 'limit_quests' | 'limit_post_duration' | 'limit_dm_duration'
>;

/** What `PATCH /users/me/profile` may change. */
export type ProfileColumns = Partial<
  Pick<UserRow, 'display_name' | 'bio' | 'color_theme' | 'halo_intensity'>
>;

export class UsersRepository {
  /**
   * @param sessionUsers what authenticating reads, kept in memory (session-user-cache.ts): every
   *   method below that writes those columns (session epoch, day-start hour) tells it.
   */
  constructor(
    private readonly db: Queryable,
    private readonly sessionUsers: SessionUserCache,
  ) {}

  async insert(tx: Queryable, user: NewUser): Promise<UserRow> {
    const columns = Object.keys(user);
    const values = columns.map((_, i) => `$${i + 1}`).join(', ');
    const rows = await tx.query<UserRow>(
      `INSERT INTO users (${columns.join(', ')}) VALUES (${values}) RETURNING *`,
      Object.values(user),
    );
    return rows[0]!;
  }

  /**
   * A profile in one statement: the person, their figures (user_stats, read only) and the rest
   * days that decide whether their run is alive; with `referralsSince` (their own view) also
   * their devices and referral counts. Reads the tables of stats, rest-days and media too: see
   * docs/ARCHITECTURE.md, "one statement per read". With `viewerId` (someone else's view) also
   * whether the viewer and the person vibe with each other.
   */
  async profile(
    id: string,
    referralsSince: Date | null,
    viewerId: string | null = null,
  ): Promise<ProfileRow | undefined> {
    const rows = await this.db.query<ProfileRow>(
      `SELECT u.*, s.*,
              ARRAY(SELECT r.day FROM rest_days r WHERE r.user_id = u.id) AS rest_days,
              CASE WHEN $2::timestamptz IS NULL THEN NULL ELSE ARRAY(
                SELECT d.id FROM devices d WHERE d.user_id = u.id ORDER BY d.last_seen_at DESC)
              END AS device_ids,
              ref.since AS referrals_since, ref.total AS referrals_total,
              ref.last AS referrals_last,
              COALESCE((
                SELECT json_agg(json_build_object('id', i.id, 'label', i.label, 'emoji', i.emoji)
                                ORDER BY ui.position)
                  FROM user_interests ui JOIN interests i ON i.id = ui.interest_id
                 WHERE ui.user_id = u.id), '[]'::json) AS interests,
              vi.duration_ms AS voice_intro_duration_ms, vi.waveform AS voice_intro_waveform,
              ${transcriptOf('vi')} AS voice_intro_transcript,
              (SELECT json_build_object('id', r.id, 'username', r.username,
                        'displayName', r.display_name, 'profilePictureUrl', r.profile_picture_url,
                        'isFounder', r.founder_id IS NOT NULL)
                 FROM users r WHERE r.id = u.referred_by AND r.status = 'Active') AS invited_by,
              CASE WHEN $3::uuid IS NULL THEN NULL ELSE EXISTS (SELECT 1 FROM vibing_with vw
                WHERE vw.user_id = $3::uuid AND vw.target_id = u.id) END AS viewer_vibing_with,
              CASE WHEN $3::uuid IS NULL THEN NULL ELSE EXISTS (SELECT 1 FROM vibing_with vb
                WHERE vb.user_id = u.id AND vb.target_id = $3::uuid) END AS viewer_vibed_by,
              CASE WHEN $3::uuid IS NULL THEN NULL ELSE EXISTS (SELECT 1 FROM blocks bl
                WHERE bl.blocker_id = $3::uuid AND bl.blocked_id = u.id) END AS viewer_blocked,
              CASE WHEN $3::uuid IS NULL THEN NULL ELSE EXISTS (SELECT 1 FROM blocks bb
                WHERE bb.blocker_id = u.id AND bb.blocked_id = $3::uuid) END AS viewer_blocked_by
         FROM users u JOIN user_stats s ON s.user_id = u.id
         LEFT JOIN media vi ON vi.id = u.voice_intro_media_id
         LEFT JOIN LATERAL (
           SELECT count(*) FILTER (WHERE f.at >= $2::timestamptz)::int AS since,
                  count(*)::int AS total, max(f.at) AS last
             FROM (SELECT created_at AS at FROM users WHERE referred_by = u.id
                   UNION ALL -- referrals of erased accounts count still (migration 024)
                   SELECT joined_at FROM erased_referrals WHERE referrer_id = u.id) f
            WHERE $2::timestamptz IS NOT NULL) ref ON true
        WHERE u.id = $1`,
      [id, referralsSince, viewerId],
    );
    return rows[0];
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

  async existing(email: string, username: string): Promise<{ email: boolean; username: boolean }> {
    const rows = await this.db.query<{ email: boolean; username: boolean }>(
      `SELECT bool_or(lower(email) = lower($1)) AS email,
              bool_or(lower(username) = lower($2)) AS username
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
      `SELECT id, username, display_name, profile_picture_url, founder_id
         FROM users WHERE id = ANY($1::uuid[])`,
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

  /** The preferences given change (the day's start, Accessibility's transcripts); the rest stay. */
  async setPreferences(
    userId: string,
    p: { dayStartHour?: number | undefined; alwaysShowTranscripts?: boolean | undefined },
  ): Promise<void> {
    await this.sessionUsers.writing(this.db, { user: userId }, () =>
      this.db.query(
        `UPDATE users SET day_start_hour = COALESCE($2, day_start_hour),
                always_show_transcripts = COALESCE($3, always_show_transcripts), updated_at = now()
          WHERE id = $1`,
        [userId, p.dayStartHour ?? null, p.alwaysShowTranscripts ?? null],
      ),
    );
  }

  async upsertDevice(
    userId: string,
    device: { id: string; name: string; type: string; os: string; browser: string },
    tx: Queryable = this.db,
  ): Promise<void> {
    await tx.query(
      `INSERT INTO devices (user_id, id, name, type, os, browser) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (user_id, id) DO UPDATE
         SET name = EXCLUDED.name, type = EXCLUDED.type, os = EXCLUDED.os,
             browser = EXCLUDED.browser, last_seen_at = now()`,
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

  /** Ends every access token issued so far (a password reset). */
  async bumpSessionEpoch(tx: Queryable, userId: string): Promise<void> {
    await this.sessionUsers.writing(tx, { user: userId }, () =>
      tx.query(
        'UPDATE users SET session_epoch = session_epoch + 1, updated_at = now() WHERE id = $1',
        [userId],
      ),
    );
  }

  /** Read on every admin or moderation call, never kept: a revoke counts at once. */
  async grantsOf(id: string): Promise<(Grants & Pick<UserRow, 'status'>) | undefined> {
    const rows = await this.db.query<Grants & Pick<UserRow, 'status'>>(
      'SELECT admin_access, moderation_tools, status FROM users WHERE id = $1',
      [id],
    );
    return rows[0];
  }

  /** Sets the given grants of the person named `username` (any case); undefined when none is. */
  async setGrants(username: string, grants: Partial<Grants>): Promise<UserRow | undefined> {
    const rows = await this.db.query<UserRow>(
      `UPDATE users SET admin_access = COALESCE($2, admin_access),
                        moderation_tools = COALESCE($3, moderation_tools), updated_at = now()
        WHERE lower(username) = lower($1) RETURNING *`,
      [username, grants.admin_access ?? null, grants.moderation_tools ?? null],
    );
    return rows[0];
  }

  async setTier(id: string, tier: TierColumns, tx: Queryable = this.db) {
    const rows = await tx.query<UserRow>(
      `UPDATE users SET supporter_tier = $2, payment_status = $3, limit_quests = $4,
                        limit_post_duration = $5, limit_dm_duration = $6, updated_at = now()
        WHERE id = $1 RETURNING *`,
      [
        id,
        tier.supporter_tier,
        tier.payment_status,
        tier.limit_quests,
        tier.limit_post_duration,
        tier.limit_dm_duration,
      ],
    );
    return rows[0];
  }

  /** Only the columns given change. */
  async updateProfile(userId: string, p: ProfileColumns): Promise<void> {
    await this.db.query(
      `UPDATE users SET display_name = COALESCE($2, display_name), bio = COALESCE($3, bio),
                        color_theme = COALESCE($4, color_theme),
                        halo_intensity = COALESCE($5, halo_intensity), updated_at = now()
        WHERE id = $1`,
      [
        userId,
        p.display_name ?? null,
        p.bio ?? null,
        p.color_theme ?? null,
        p.halo_intensity ?? null,
      ],
    );
  }

  async setAvatar(tx: Queryable, userId: string, mediaId: string | null, url: string | null) {
    await tx.query(
      `UPDATE users SET avatar_media_id = $2, profile_picture_url = $3, updated_at = now()
        WHERE id = $1`,
      [userId, mediaId, url],
    );
  }

  async setVoiceIntro(tx: Queryable, userId: string, mediaId: string | null): Promise<void> {
    await tx.query('UPDATE users SET voice_intro_media_id = $2, updated_at = now() WHERE id = $1', [
      userId,
      mediaId,
    ]);
  }

  /** Every interest one can choose, in display order. */
  async interests(): Promise<Interest[]> {
    return this.db.query<Interest>('SELECT id, label, emoji FROM interests ORDER BY position');
  }

  /** Which of `ids` are not interests. */
  async unknownInterests(ids: string[]): Promise<string[]> {
    const rows = await this.db.query<{ id: string }>(
      `SELECT x.id FROM unnest($1::text[]) AS x(id)
        WHERE NOT EXISTS (SELECT 1 FROM interests i WHERE i.id = x.id)`,
      [ids],
    );
    return rows.map((r) => r.id);
  }

  /** Replaces the person's interests, keeping the order of `ids`. */
  async setInterests(tx: Queryable, userId: string, ids: string[]): Promise<void> {
    await tx.query('DELETE FROM user_interests WHERE user_id = $1', [userId]);
    await tx.query(
      `INSERT INTO user_interests (user_id, interest_id, position)
       SELECT $1, x.id, x.n FROM unnest($2::text[]) WITH ORDINALITY AS x(id, n)`,
      [userId, ids],
    );
    await tx.query('UPDATE users SET updated_at = now() WHERE id = $1', [userId]);
  }

  async count(): Promise<number> {
    const rows = await this.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
    return rows[0]!.n;
  }

  async setColorTheme(tx: Queryable, userId: string, color: string): Promise<void> {
    await tx.query('UPDATE users SET color_theme = $2 WHERE id = $1', [userId, color]);
  }

  async countFounders(tx: Queryable = this.db): Promise<number> {
    const rows = await tx.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM users WHERE founder_id IS NOT NULL',
    );
    return rows[0]!.n;
  }

  /**
   * The next founder number. Sign-ups at the same moment take it one after the other: the lock
   * is held until the transaction ends, so each sees the numbers committed before it (without
   * it, a few founders at once on PostgreSQL kept colliding on the unique number).
   */
  async nextFounderId(tx: Queryable): Promise<number> {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('doers.founder_id'))");
    const rows = await tx.query<{ n: number }>(
      'SELECT COALESCE(max(founder_id), 0)::int + 1 AS n FROM users',
    );
    return rows[0]!.n;
  }
}
