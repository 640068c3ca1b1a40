import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/database.js';
import type { Clock } from './clock.js';
import { HttpError, badRequest } from './errors.js';
import { IdempotencyRepository, type Fingerprint } from './idempotency.repository.js';
import { sha256 } from './tokens.js';

/** A key answers replays for a day; after that it may be used again. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60_000;
/** How long a request waits for another one with its key to finish. */
export const IDEMPOTENCY_WAIT_MS = 5_000;
/** A claim with no answer after this long was abandoned (its server stopped mid-request). */
const ABANDONED_AFTER_MS = 60_000;
/** How often a request waiting on another instance looks again. */
const POLL_MS = 50;

type Answer<T> = { statusCode: number; body: T };

/**
 * Writes the offline queue may replay carry an Idempotency-Key (docs/product/app-shell.md): the
 * first request with a key claims it with a pending row before it runs; any other with that key
 * waits for the answer and replays it, so concurrent duplicates run once. Requests of one
 * process queue in memory; across instances they poll the row.
 */
export class Idempotency {
  readonly #answers: IdempotencyRepository;
  /** The request of this process now holding each (user, key). */
  readonly #running = new Map<string, Promise<void>>();

  constructor(
    db: Queryable,
    private readonly clock: Clock,
  ) {
    this.#answers = new IdempotencyRepository(db);
  }

  async run<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    userId: string,
    run: () => Promise<Answer<T>>,
  ): Promise<T> {
    const header = request.headers['idempotency-key'];
    const key = Array.isArray(header) ? header[0] : header;
    if (!key) {
      const result = await run();
      void reply.status(result.statusCode);
      return result.body;
    }
    if (key.length > 200) throw badRequest('Idempotency-Key: at most 200 characters');

    const deadline = performance.now() + IDEMPOTENCY_WAIT_MS;
    const slot = `${userId}\n${key}`;
    for (let ahead = this.#running.get(slot); ahead; ahead = this.#running.get(slot)) {
      if (!(await settlesBefore(ahead, deadline))) throw stillInProgress();
    }
    let done = () => {};
    this.#running.set(slot, new Promise<void>((resolve) => (done = resolve)));
    try {
      return await this.#claimAndRun(request, reply, userId, key, deadline, run);
    } finally {
      this.#running.delete(slot);
      done();
    }
  }

  async #claimAndRun<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    userId: string,
    key: string,
    deadline: number,
    run: () => Promise<Answer<T>>,
  ): Promise<T> {
    const answers = this.#answers;
    const fingerprint: Fingerprint = {
      method: request.method,
      path: request.url,
      request_hash: sha256(JSON.stringify(request.body ?? null)),
    };
    for (;;) {
      const now = this.clock.now();
      const expiredBefore = new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS);
      if (await answers.claim(userId, key, fingerprint, now, expiredBefore)) {
        return this.#runClaimed(reply, userId, key, now, run);
      }
      const row = await answers.find<T>(userId, key);
      if (!row) continue; // its request failed meanwhile: the key is free again
      const age = now.getTime() - row.created_at.getTime();
      if (
        age >= IDEMPOTENCY_KEY_TTL_MS ||
        (row.status_code === null && age >= ABANDONED_AFTER_MS)
      ) {
        if (await answers.takeOver(userId, key, fingerprint, now, row.created_at)) {
          return this.#runClaimed(reply, userId, key, now, run);
        }
        continue;
      }
      if (
        row.method !== fingerprint.method ||
        row.path !== fingerprint.path ||
        row.request_hash !== fingerprint.request_hash
      ) {
        throw new HttpError(422, 'Idempotency-Key was already used for a different request');
      }
      if (row.status_code !== null) {
        void reply.status(row.status_code).header('idempotent-replayed', 'true');
        return row.body as T;
      }
      // Another instance is running it: look again until it answers.
      if (performance.now() + POLL_MS > deadline) throw stillInProgress();
      await sleep(POLL_MS);
    }
  }

  async #runClaimed<T>(
    reply: FastifyReply,
    userId: string,
    key: string,
    claimedAt: Date,
    run: () => Promise<Answer<T>>,
  ): Promise<T> {
    let result: Answer<T>;
    try {
      result = await run();
    } catch (error) {
      await this.#answers.release(userId, key, claimedAt);
      throw error;
    }
    await this.#answers.complete(userId, key, claimedAt, {
      status_code: result.statusCode,
      body: result.body,
    });
    void reply.status(result.statusCode);
    return result.body;
  }
}

async function settlesBefore(promise: Promise<void>, deadline: number): Promise<boolean> {
  const wait = deadline - performance.now();
  if (wait <= 0) return false;
  const timer = new AbortController();
  try {
    return await Promise.race([
      promise.then(() => true),
      sleep(wait, false, { signal: timer.signal }),
    ]);
  } finally {
    timer.abort();
  }
}

const stillInProgress = () =>
  new HttpError(409, 'A request with this Idempotency-Key is still in progress');
