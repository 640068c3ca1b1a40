import type { Redis } from 'ioredis';
import { HttpError } from './errors.js';

export type RateRule = { limit: number; windowMs: number };

/**
 * The limits of docs/product/limits-and-tiers.md. Keys are namespaced so one store serves every
 * rule.
 */
export const RATE_RULES = {
  loginIp: { limit: 10, windowMs: 60_000 },
  loginAccount: { limit: 10, windowMs: 60_000 },
  register: { limit: 5, windowMs: 30 * 60_000 },
  forgotPassword: { limit: 3, windowMs: 60 * 60_000 },
  forgotPasswordIp: { limit: 20, windowMs: 60 * 60_000 },
  resetPassword: { limit: 10, windowMs: 15 * 60_000 },
  validateReferral: { limit: 30, windowMs: 10 * 60_000 },
} satisfies Record<string, RateRule>;

export interface RateLimiter {
  /** Counts one hit; resolves with the seconds to wait when over the limit, else 0. */
  hit(key: string, rule: RateRule): Promise<number>;
  close(): Promise<void>;
}

/** Fixed windows in process memory: right for one server. */
export function memoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    async hit(key, rule) {
      const t = now();
      let w = windows.get(key);
      if (!w || w.resetAt <= t) {
        w = { count: 0, resetAt: t + rule.windowMs };
        windows.set(key, w);
      }
      w.count += 1;
      if (windows.size > 50_000)
        for (const [k, v] of windows) if (v.resetAt <= t) windows.delete(k);
      return w.count > rule.limit ? Math.ceil((w.resetAt - t) / 1000) : 0;
    },
    async close() {},
  };
}

/** Fixed windows in Redis: shared by every instance behind a load balancer. */
export function redisRateLimiter(redis: Redis, prefix = 'doers:rl:'): RateLimiter {
  return {
    async hit(key, rule) {
      const k = `${prefix}${key}`;
      const [[, count], [, ttl]] = (await redis.multi().incr(k).pttl(k).exec()) as [
        [null, number],
        [null, number],
      ];
      if (ttl < 0) await redis.pexpire(k, rule.windowMs);
      return count > rule.limit
        ? Math.max(1, Math.ceil((ttl < 0 ? rule.windowMs : ttl) / 1000))
        : 0;
    },
    async close() {},
  };
}

/** RATE_LIMIT_FACTOR multiplies every limit (end-to-end runs sign many people up from one IP). */
export function scaled(inner: RateLimiter, factor: number): RateLimiter {
  if (factor === 1) return inner;
  return {
    hit: (key, rule) => inner.hit(key, { ...rule, limit: rule.limit * factor }),
    close: () => inner.close(),
  };
}

export async function enforce(limiter: RateLimiter, key: string, rule: RateRule): Promise<void> {
  const retryAfter = await limiter.hit(key, rule);
  if (retryAfter > 0) {
    const minutes = Math.ceil(retryAfter / 60);
    throw new HttpError(
      429,
      `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      undefined,
      { 'retry-after': String(retryAfter) },
    );
  }
}
