import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/database.js';
import { HttpError, badRequest } from './errors.js';
import { sha256 } from './tokens.js';

/**
 * Writes the offline queue may replay carry an Idempotency-Key: a replay returns the first
 * answer and changes nothing twice (PRODUCT.md §2).
 */
export async function idempotent<T>(
  db: Queryable,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  run: () => Promise<{ statusCode: number; body: T }>,
): Promise<T> {
  const header = request.headers['idempotency-key'];
  const key = Array.isArray(header) ? header[0] : header;
  if (!key) {
    const result = await run();
    void reply.status(result.statusCode);
    return result.body;
  }
  if (key.length > 200) throw badRequest('Idempotency-Key: at most 200 characters');
  const path = request.url;
  const requestHash = sha256(JSON.stringify(request.body ?? null));
  const stored = await db.query<{
    status_code: number;
    body: T;
    method: string;
    path: string;
    request_hash: string;
  }>(
    'SELECT status_code, body, method, path, request_hash FROM idempotency_keys WHERE user_id = $1 AND key = $2',
    [userId, key],
  );
  const previous = stored[0];
  if (previous) {
    if (
      previous.method !== request.method ||
      previous.path !== path ||
      previous.request_hash !== requestHash
    ) {
      throw new HttpError(422, 'Idempotency-Key was already used for a different request');
    }
    void reply.status(previous.status_code).header('idempotent-replayed', 'true');
    return previous.body;
  }
  const result = await run();
  await db.query(
    `INSERT INTO idempotency_keys (user_id, key, method, path, request_hash, status_code, body)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
    [
      userId,
      key,
      request.method,
      path,
      requestHash,
      result.statusCode,
      JSON.stringify(result.body),
    ],
  );
  void reply.status(result.statusCode);
  return result.body;
}
