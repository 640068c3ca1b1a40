import type { Queryable } from '../db/database.js';

export type StoredAnswer<T> = {
  status_code: number;
  body: T;
  method: string;
  path: string;
  request_hash: string;
};

/** The first answer to each (user, Idempotency-Key). */
export class IdempotencyRepository {
  constructor(private readonly db: Queryable) {}

  async find<T>(userId: string, key: string): Promise<StoredAnswer<T> | undefined> {
    const rows = await this.db.query<StoredAnswer<T>>(
      `SELECT status_code, body, method, path, request_hash FROM idempotency_keys
        WHERE user_id = $1 AND key = $2`,
      [userId, key],
    );
    return rows[0];
  }

  async save(userId: string, key: string, answer: StoredAnswer<unknown>): Promise<void> {
    await this.db.query(
      `INSERT INTO idempotency_keys (user_id, key, method, path, request_hash, status_code, body)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
      [
        userId,
        key,
        answer.method,
        answer.path,
        answer.request_hash,
        answer.status_code,
        JSON.stringify(answer.body),
      ],
    );
  }
}
