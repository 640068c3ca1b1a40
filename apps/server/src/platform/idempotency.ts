import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/database.js';
import { HttpError, badRequest } from './errors.js';
import { IdempotencyRepository } from './idempotency.repository.js';
import { sha256 } from './tokens.js';

/**
 * Writes the offline queue may replay carry an Idempotency-Key: a replay returns the first
 * answer and changes nothing twice (docs/product/app-shell.md).
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
  const answers = new IdempotencyRepository(db);
  const path = request.url;
  const requestHash = sha256(JSON.stringify(request.body ?? null));
  const previous = await answers.find<T>(userId, key);
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
  await answers.save(userId, key, {
    method: request.method,
    path,
    request_hash: requestHash,
    status_code: result.statusCode,
    body: result.body,
  });
  void reply.status(result.statusCode);
  return result.body;
}
