import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../../../db/database.js';
import type { SessionUserCache, SessionUserRow } from './session-user-cache.js';
import { TouchesBehind, type Touch } from './touches-behind.js';

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

/** Begins the statement that writes marks no request waits for: statement counts leave it out. */
export const BEHIND = '/* last seen, written behind the requests */ ';

/**
 * Sessions: one row per sign-in on a device (docs/product/accounts-and-sessions.md). The auth
 * module's refresh-token chains belong to them. Every method that ends one tells the cache
 * (session-user-cache.ts).
 */
export class SessionsRepository {
  readonly #touches: TouchesBehind;

  constructor(
    private readonly db: Queryable,
    private readonly cache: SessionUserCache,
    /** Where a failed write of "seen at" marks is told: no request waits for them. */
    log?: Pick<FastifyBaseLogger, 'error'>,
  ) {
    this.#touches = new TouchesBehind(
      (touches) => this.#touchMany(touches, BEHIND),
      (err) => log?.error({ err }, 'writing when sessions were last seen failed'),
    );
  }

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

  /** The person's sessions still live at `at`, the last used first (marks not yet written too). */
  async live(userId: string, at: Date): Promise<SessionRow[]> {
    const rows = await this.db.query<SessionRow>(
      `SELECT * FROM sessions
        WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > $2 AND idle_expires_at > $2`,
      [userId, at],
    );
    return rows
      .map((row) => {
        const waiting = this.#touches.waitingAt(row.id);
        return waiting && waiting > row.last_used_at ? { ...row, last_used_at: waiting } : row;
      })
      .sort(
        (a, b) =>
          b.last_used_at.getTime() - a.last_used_at.getTime() ||
          b.created_at.getTime() - a.created_at.getTime(),
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
   * and the session's last use, kept to the minute. Written behind the request
   * (touches-behind.ts), but for a zone other than the one kept (or none kept): that changes
   * the person's row, which authenticating reads, so it is written now, through the cache.
   */
  async touch(userId: string, sessionId: string, zone: string | undefined, at: Date) {
    if (zone === undefined || zone === this.cache.timezoneOf(userId)) {
      this.#touches.add({ userId, sessionId, at });
      return;
    }
    const touch = { userId, sessionId, at, zone };
    await this.cache.writing(this.db, { user: userId }, () => this.#touchMany([touch], ''));
  }

  /** Writes the marks not yet written: on shutdown, before the database closes. */
  flushTouches(): Promise<void> {
    return this.#touches.flush();
  }

  /**
   * `= ANY(…)` beside each join: each row found by its key, never by hashing the table. Two
   * sessions of one person give their row the later mark (a zone comes alone: touch).
   */
  async #touchMany(touches: (Touch & { zone?: string })[], mark: string): Promise<void> {
    await this.db.query(
      `${mark}WITH input AS (
         SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::timestamptz[])
                  AS i(user_id, session_id, zone, at)
       ), session AS (
         UPDATE sessions s SET last_used_at = i.at FROM input i
          WHERE s.id = i.session_id AND s.id = ANY($2::uuid[]) AND s.user_id = i.user_id
            AND s.last_used_at < i.at - interval '1 minute')
       UPDATE users u SET last_active = i.at, timezone = COALESCE(i.zone, u.timezone)
         FROM (SELECT user_id, max(at) AS at, max(zone) AS zone FROM input GROUP BY user_id) i
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
  }
}
