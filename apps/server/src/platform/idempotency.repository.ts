import type { Queryable } from '../db/database.js';

/** What a key was first used for: a replay must be the same request. */
export type Fingerprint = { method: string; path: string; request_hash: string };

/** A key's row: pending (no status yet) while its first request runs, then that answer. */
export type KeyRow<T> = Fingerprint & {
  status_code: number | null;
  body: T | null;
  created_at: Date;
};

/** The first answer to each (user, Idempotency-Key). */
export class IdempotencyRepository {
  constructor(private readonly db: Queryable) {}

  /**
   * Claims a key with a pending row; false when the key has a row already. Clears up to 100
   * expired rows of anyone's on the way, so old keys go without a job of their own.
   */
  async claim(
    userId: string,
    key: string,
    fingerprint: Fingerprint,
    at: Date,
    expiredBefore: Date,
  ): Promise<boolean> {
    const rows = await this.db.query(
      `WITH expired AS (
         DELETE FROM idempotency_keys
          WHERE (user_id, key) IN (
            SELECT user_id, key FROM idempotency_keys
             WHERE created_at <= $7 AND NOT (user_id = $1 AND key = $2) LIMIT 100))
       INSERT INTO idempotency_keys (user_id, key, method, path, request_hash, created_at)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (user_id, key) DO NOTHING RETURNING 1 AS claimed`,
      [
        userId,
        key,
        fingerprint.method,
        fingerprint.path,
        fingerprint.request_hash,
        at,
        expiredBefore,
      ],
    );
    return rows.length === 1;
  }

  async find<T>(userId: string, key: string): Promise<KeyRow<T> | undefined> {
    const rows = await this.db.query<KeyRow<T>>(
      `SELECT method, path, request_hash, status_code, body, created_at FROM idempotency_keys
        WHERE user_id = $1 AND key = $2`,
      [userId, key],
    );
    return rows[0];
  }

  /** Claims a key whose row expired or was abandoned, unless someone else just did. */
  async takeOver(
    userId: string,
    key: string,
    fingerprint: Fingerprint,
    at: Date,
    seenCreatedAt: Date,
  ): Promise<boolean> {
    const rows = await this.db.query(
      `UPDATE idempotency_keys
          SET method = $3, path = $4, request_hash = $5, created_at = $6,
              status_code = NULL, body = NULL
        WHERE user_id = $1 AND key = $2 AND created_at = $7
       RETURNING 1 AS claimed`,
      [
        userId,
        key,
        fingerprint.method,
        fingerprint.path,
        fingerprint.request_hash,
        at,
        seenCreatedAt,
      ],
    );
    return rows.length === 1;
  }

  /** Stores the answer on the claim made at `claimedAt`. */
  async complete(
    userId: string,
    key: string,
    claimedAt: Date,
    answer: { status_code: number; body: unknown },
  ): Promise<void> {
    await this.db.query(
      `UPDATE idempotency_keys SET status_code = $4, body = $5
        WHERE user_id = $1 AND key = $2 AND created_at = $3`,
      [userId, key, claimedAt, answer.status_code, JSON.stringify(answer.body ?? null)],
    );
  }

  /** Gives up a pending claim (its request failed): the key is free again. */
  async release(userId: string, key: string, claimedAt: Date): Promise<void> {
    await this.db.query(
      `DELETE FROM idempotency_keys
        WHERE user_id = $1 AND key = $2 AND created_at = $3 AND status_code IS NULL`,
      [userId, key, claimedAt],
    );
  }
}
