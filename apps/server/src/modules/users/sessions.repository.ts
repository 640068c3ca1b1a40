import type { Queryable } from '../../db/database.js';
import { WriteBatcher } from '../../platform/write-batcher.js';
import type { SessionUserCache, SessionUserRow } from './session-user-cache.js';

export type SessionRow = {
  id: string;
  user_id: string;
  device_id: string;
  device_name: string;
  device_type: 'mobile' | 'tablet' | 'desktop' | 'web';
  device_os: string;
  device_browser: string;
  created_at: Date;
  last_used_at: Date;
  expires_at: Date;
  idle_expires_at: Date;
  revoked_at: Date | null;
};

export type NewSession = Omit<SessionRow, 'last_used_at' | 'revoked_at'>;

/**
 * Sessions: one row per sign-in on a device (docs/product/accounts-and-sessions.md). The auth
 * module's refresh-token chains belong to them. Every method that ends one tells the cache
 * (session-user-cache.ts).
 */
type Touch = { userId: string; sessionId: string; zone: string | undefined; at: Date };

export class SessionsRepository {
  /** Sign-ins seen at the same moment are written together (platform/write-batcher.ts). */
  readonly #touches = new WriteBatcher<Touch, true>((touches) => this.#touchMany(touches), {
    key: (t) => t.userId,
    max: 100,
  });

  constructor(
    private readonly db: Queryable,
    private readonly cache: SessionUserCache,
  ) {}

  async insert(tx: Queryable, s: NewSession): Promise<void> {
    await tx.query(
      `INSERT INTO sessions (id, user_id, device_id, device_name, device_type, device_os,
                             device_browser, created_at, last_used_at, expires_at, idle_expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9, $10)`,
      [
        s.id,
        s.user_id,
        s.device_id,
        s.device_name,
        s.device_type,
        s.device_os,
        s.device_browser,
        s.created_at,
        s.expires_at,
        s.idle_expires_at,
      ],
    );
  }

  /**
   * The person of a session that has not been ended, in one statement (none on PGlite once
   * known): what authenticating a request needs.
   */
  async findSessionUser(userId: string, sessionId: string): Promise<SessionUserRow | undefined> {
    const cached = this.cache.get(userId, sessionId);
    if (cached) return cached;
    const generation = this.cache.generation;
    const rows = await this.db.query<SessionUserRow>(
      `SELECT u.id, u.status, u.session_epoch, u.timezone, u.day_start_hour,
              u.suspension_reason, u.suspended_until, s.expires_at AS session_expires_at
         FROM sessions s JOIN users u ON u.id = s.user_id
        WHERE s.id = $1 AND s.user_id = $2 AND s.revoked_at IS NULL`,
      [sessionId, userId],
    );
    const row = rows[0];
    if (row) this.cache.fill(sessionId, row, generation);
    return row;
  }

  /** The person's sessions still live at `at`, the last used first. */
  async live(userId: string, at: Date): Promise<SessionRow[]> {
    return this.db.query<SessionRow>(
      `SELECT * FROM sessions
        WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > $2 AND idle_expires_at > $2
        ORDER BY last_used_at DESC, created_at DESC`,
      [userId, at],
    );
  }

  /** A refresh rotated the session's chain at `at`; its current token lasts until `idleEnd`. */
  async rotated(tx: Queryable, sessionId: string, at: Date, idleEnd: Date): Promise<void> {
    await tx.query(
      `UPDATE sessions SET last_used_at = GREATEST(last_used_at, $2), idle_expires_at = $3
        WHERE id = $1`,
      [sessionId, at, idleEnd],
    );
  }

  /** Ends one of the person's sessions; false when they have no such live session. */
  async end(userId: string, sessionId: string, at: Date, tx: Queryable = this.db) {
    const rows = await this.cache.writing(tx, { session: sessionId }, () =>
      tx.query<{ id: string }>(
        `UPDATE sessions SET revoked_at = $3
          WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL RETURNING id`,
        [sessionId, userId, at],
      ),
    );
    return rows.length === 1;
  }

  /** Ends every live session of the person but `except`; the ids of those it ended. */
  async endAll(
    tx: Queryable,
    userId: string,
    at: Date,
    except: string | null = null,
  ): Promise<string[]> {
    const rows = await this.cache.writing(
      tx,
      { sessionsOf: userId, except: except ?? undefined },
      () =>
        tx.query<{ id: string }>(
          `UPDATE sessions SET revoked_at = $2
            WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > $2 AND idle_expires_at > $2
              AND id IS DISTINCT FROM $3::uuid
            RETURNING id`,
          [userId, at, except],
        ),
    );
    return rows.map((r) => r.id);
  }

  /**
   * Seen at `at` on a session, in `zone` when the client said: the person's lastActive and zone,
   * and the session's last use. Written at most once a minute.
   */
  async touch(userId: string, sessionId: string, zone: string | undefined, at: Date) {
    const touch = () => this.#touches.submit({ userId, sessionId, zone, at });
    // A zone other than the one kept (or none kept) may change the person's row.
    if (zone === undefined || zone === this.cache.timezoneOf(userId)) await touch();
    else await this.cache.writing(this.db, { user: userId }, touch);
  }

  /** `= ANY(…)` beside each join: each row found by its key, never by hashing the table. */
  async #touchMany(touches: Touch[]): Promise<true[]> {
    await this.db.query(
      `WITH input AS (
         SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::timestamptz[])
                  AS i(user_id, session_id, zone, at)
       ), session AS (
         UPDATE sessions s SET last_used_at = i.at FROM input i
          WHERE s.id = i.session_id AND s.id = ANY($2::uuid[]) AND s.user_id = i.user_id
            AND s.last_used_at < i.at - interval '1 minute')
       UPDATE users u SET last_active = i.at, timezone = COALESCE(i.zone, u.timezone)
         FROM input i
        WHERE u.id = i.user_id AND u.id = ANY($1::uuid[])
          AND (u.last_active IS NULL OR u.last_active < i.at - interval '1 minute'
               OR u.timezone IS DISTINCT FROM COALESCE(i.zone, u.timezone))`,
      [
        touches.map((t) => t.userId),
        touches.map((t) => t.sessionId),
        touches.map((t) => t.zone ?? null),
        touches.map((t) => t.at),
      ],
    );
    return touches.map(() => true);
  }
}
