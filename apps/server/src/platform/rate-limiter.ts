import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import type { Clock } from './clock.js';
import { HttpError } from './errors.js';
import type { SecurityLog } from './security-log.js';

export type RateRule = { limit: number; windowMs: number };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The limits of docs/product/limits-and-tiers.md, each under the name its keys and logs carry. */
export const RATE_RULES = {
  // Sign-in (contexts/trust/auth/login-guard.ts): every attempt per address, then failed ones.
  loginAddress: { limit: 60, windowMs: MINUTE },
  loginAddressFailures: { limit: 100, windowMs: HOUR },
  loginPairFailures: { limit: 10, windowMs: 15 * MINUTE },
  // The per-account delay grows with the failures: a minute, a quarter, an hour, a day.
  loginAccountFailures1m: { limit: 5, windowMs: MINUTE },
  loginAccountFailures15m: { limit: 10, windowMs: 15 * MINUTE },
  loginAccountFailures1h: { limit: 20, windowMs: HOUR },
  loginAccountFailures1d: { limit: 100, windowMs: 24 * HOUR },
  register: { limit: 5, windowMs: 30 * MINUTE },
  forgotPassword: { limit: 3, windowMs: HOUR },
  forgotPasswordAddress: { limit: 20, windowMs: HOUR },
  resetPassword: { limit: 10, windowMs: 15 * MINUTE },
  // Per account: a stolen access token must not make a guessing oracle of the current password.
  changePassword: { limit: 10, windowMs: 15 * MINUTE },
  validateReferral: { limit: 30, windowMs: 10 * MINUTE },
  // Writes that notify someone, per account.
  vibe: { limit: 60, windowMs: HOUR },
  joinRequest: { limit: 30, windowMs: HOUR },
  // Not a notification, but each block ends vibing and rewrites feeds on both sides.
  block: { limit: 60, windowMs: HOUR },
  post: { limit: 30, windowMs: HOUR },
  // Smiles and hums together.
  react: { limit: 300, windowMs: HOUR },
  comment: { limit: 60, windowMs: HOUR },
  // Voice direct messages, per sender: a conversation's pace, never a broadcast.
  dm: { limit: 120, windowMs: HOUR },
  report: { limit: 20, windowMs: HOUR },
  upload: { limit: 30, windowMs: 30 * MINUTE },
} satisfies Record<string, RateRule>;

export type RateRuleName = keyof typeof RATE_RULES;

/** Counters that drop themselves after a while: what every limit is counted in. */
export interface RateStore {
  /** Adds `by` to a counter (made at 0, dropped `ttlMs` after it was made); its new value. */
  add(key: string, by: number, ttlMs: number): Promise<number>;
  read(keys: string[]): Promise<number[]>;
  remove(keys: string[]): Promise<void>;
  close(): Promise<void>;
}

/**
 * rate-limiter-flexible keeps the counters: atomic increments (a Lua script in Redis), expiry,
 * and in memory one timer per key that frees it, so memory holds only live windows. Its own
 * windows run on its store's wall clock, so the windows themselves are ours (below): they follow
 * the injected clock.
 */
function libraryStore(counters: RateLimiterMemory | RateLimiterRedis): RateStore {
  return {
    async add(key, by, ttlMs) {
      const options = { customDuration: Math.ceil(ttlMs / 1000) };
      const res =
        by >= 0
          ? await counters.penalty(key, by, options)
          : await counters.reward(key, -by, options);
      return res.consumedPoints;
    },
    async read(keys) {
      const all = await Promise.all(keys.map((key) => counters.get(key)));
      return all.map((res) => (res && res.msBeforeNext > 0 ? res.consumedPoints : 0));
    },
    async remove(keys) {
      await Promise.all(keys.map((key) => counters.delete(key)));
    },
    async close() {},
  };
}

// `points` and `duration` are the library's own limit and window, unused here: every call names
// its duration, and the sums are compared below.
const UNUSED = { points: 1, duration: 60 };

/** In process memory: right for one server. */
export function memoryRateStore(): RateStore {
  return libraryStore(new RateLimiterMemory({ ...UNUSED, keyPrefix: 'rl' }));
}

/** In Redis: shared by every instance behind a load balancer. */
export function redisRateStore(redis: Redis, prefix = 'doers:rl'): RateStore {
  return libraryStore(
    new RateLimiterRedis({ ...UNUSED, storeClient: redis, keyPrefix: prefix.replace(/:$/, '') }),
  );
}

/** A unit taken from one or several limits, given back when what it counted did not happen. */
export type Held = { release(): Promise<void> };
export type Refused = { retryAfter: number };

/**
 * A window is cut into BUCKETS slices of the injected clock. A hit counts in the current slice
 * and is allowed when it and the BUCKETS slices before it hold at most the limit: they cover at
 * least the whole window before it, so no window of that length, wherever it starts, ever holds
 * more than the limit (a fixed window allows twice the limit around its edge). The price is a
 * wait of up to a window and a slice once the limit is reached.
 */
const BUCKETS = 3;

export class RateLimits {
  constructor(
    private readonly deps: {
      store: RateStore;
      clock: Clock;
      /** RATE_LIMIT_FACTOR multiplies every limit (end-to-end runs sign many people up). */
      factor: number;
      log: SecurityLog;
    },
  ) {}

  /** Takes one unit of `name` for `subject`, or says how many seconds to wait for one. */
  async take(name: RateRuleName, subject: string): Promise<Held | Refused> {
    const { store } = this.deps;
    const { limit, slice, index, keys, ttl } = this.window(name, subject);
    const current = keys[BUCKETS]!;
    const mine = await store.add(current, 1, ttl);
    const older = await store.read(keys.slice(0, BUCKETS));
    const counts = [...older, mine];
    if (sum(counts) <= limit) {
      let released = false;
      return {
        release: async () => {
          if (released) return;
          released = true;
          await store.add(current, -1, ttl);
        },
      };
    }
    await store.add(current, -1, ttl);
    counts[BUCKETS] = mine - 1;
    // The first slice start at which the slices still covering leave room for one more.
    const now = this.deps.clock.now().getTime();
    for (let ahead = 1; ; ahead++) {
      if (sum(counts.slice(ahead)) + 1 <= limit) {
        return { retryAfter: Math.max(1, Math.ceil(((index + ahead) * slice - now) / 1000)) };
      }
    }
  }

  /** Takes one unit of each limit in turn, or none: 429 (and a log line) when one is used up. */
  async enforce(limits: [RateRuleName, string][], ip: string): Promise<Held> {
    const held: Held[] = [];
    const releaseAll = async () => {
      await Promise.all(held.map((h) => h.release()));
    };
    for (const [name, subject] of limits) {
      const result = await this.take(name, subject);
      if ('retryAfter' in result) {
        await releaseAll();
        this.deps.log('rateLimit.hit', { rule: name, ip, retryAfterSeconds: result.retryAfter });
        throw tooManyAttempts(result.retryAfter);
      }
      held.push(result);
    }
    return { release: releaseAll };
  }

  /** Runs `write` under one unit of `name` for `subject`; a write that fails costs nothing. */
  async limited<T>(name: RateRuleName, subject: string, ip: string, write: () => Promise<T>) {
    const held = await this.enforce([[name, subject]], ip);
    try {
      return await write();
    } catch (error) {
      await held.release();
      throw error;
    }
  }

  /** Forgets what `name` counted for `subject` (a success clears its failures). */
  async clear(name: RateRuleName, subject: string): Promise<void> {
    await this.deps.store.remove(this.window(name, subject).keys);
  }

  private window(name: RateRuleName, subject: string) {
    const rule: RateRule = RATE_RULES[name];
    const slice = rule.windowMs / BUCKETS;
    const index = Math.floor(this.deps.clock.now().getTime() / slice);
    const keys = Array.from(
      { length: BUCKETS + 1 },
      (_, i) => `${name}:${subject}:${index - BUCKETS + i}`,
    );
    // A slice's counter is read until BUCKETS slices after its own; a second more for the clock.
    const ttl = (BUCKETS + 1) * slice + 1000;
    return { limit: rule.limit * this.deps.factor, slice, index, keys, ttl };
  }
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

export function tooManyAttempts(retryAfter: number): HttpError {
  const minutes = Math.ceil(retryAfter / 60);
  return new HttpError(
    429,
    `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    undefined,
    { 'retry-after': String(retryAfter) },
  );
}
