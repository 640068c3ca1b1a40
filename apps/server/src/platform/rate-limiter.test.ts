import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { TestClock } from './clock.js';
import { HttpError } from './errors.js';
import {
  RATE_RULES,
  RateLimits,
  memoryRateStore,
  redisRateStore,
  type RateRuleName,
  type RateStore,
} from './rate-limiter.js';
import type { SecurityEvents } from './security-log.js';

function limitsOn(store: RateStore = memoryRateStore(), factor = 1) {
  const clock = new TestClock('2026-03-10T09:00:00Z');
  const logged: SecurityEvents['rateLimit.hit'][] = [];
  const limits = new RateLimits({
    store,
    clock,
    factor,
    log: (event, fields) => {
      if (event === 'rateLimit.hit') logged.push(fields as SecurityEvents['rateLimit.hit']);
    },
  });
  const take = async (name: RateRuleName, subject = 'k') => {
    const result = await limits.take(name, subject);
    return 'retryAfter' in result ? result.retryAfter : 0;
  };
  return { limits, clock, logged, take };
}

describe('rate limits', () => {
  it('never lets more than the limit through in any window, wherever it starts', async () => {
    // resetPassword: 10 per 15 minutes. Hits every 20 seconds for two hours.
    const { clock, take } = limitsOn();
    const allowedAt: number[] = [];
    for (let i = 0; i < 360; i++) {
      if ((await take('resetPassword')) === 0) allowedAt.push(clock.now().getTime());
      clock.advance({ seconds: 20 });
    }
    const window = RATE_RULES.resetPassword.windowMs;
    const most = Math.max(
      ...allowedAt.map((t) => allowedAt.filter((u) => u >= t && u < t + window).length),
    );
    expect(most).toBe(10);
    // Still about one window's worth each window and a slice: nothing starves.
    expect(allowedAt.length).toBeGreaterThanOrEqual(60);
  });

  it('says how long to wait, and a unit is there after waiting that long', async () => {
    const { clock, take } = limitsOn();
    for (let i = 0; i < 5; i++) expect(await take('register')).toBe(0);
    const wait = await take('register');
    // 5 per 30 minutes: the wait is at least what is left of the window, at most a window and a slice.
    expect(wait).toBeGreaterThan(20 * 60);
    expect(wait).toBeLessThanOrEqual(40 * 60);
    clock.advance({ seconds: wait - 1 });
    expect(await take('register')).toBeGreaterThan(0);
    clock.advance({ seconds: 1 });
    expect(await take('register')).toBe(0);
  });

  it('counts each subject apart; a released unit and a cleared subject count nothing', async () => {
    const { limits, take } = limitsOn();
    for (let i = 0; i < 3; i++) expect(await take('forgotPassword', 'a')).toBe(0);
    expect(await take('forgotPassword', 'a')).toBeGreaterThan(0);
    expect(await take('forgotPassword', 'b')).toBe(0);

    const held = await limits.take('forgotPassword', 'b');
    if ('retryAfter' in held) throw new Error('expected a unit');
    await held.release();
    await held.release(); // twice gives back one
    expect(await take('forgotPassword', 'b')).toBe(0);
    expect(await take('forgotPassword', 'b')).toBe(0);
    expect(await take('forgotPassword', 'b')).toBeGreaterThan(0);

    await limits.clear('forgotPassword', 'a');
    expect(await take('forgotPassword', 'a')).toBe(0);
  });

  it('refuses with 429, Retry-After and the message, takes all units or none, and logs the rule', async () => {
    const { limits, logged, take } = limitsOn();
    for (let i = 0; i < 3; i++) await take('forgotPassword', 'x@example.com');
    const error = await limits
      .enforce(
        [
          ['forgotPasswordAddress', '203.0.113.9'],
          ['forgotPassword', 'x@example.com'],
        ],
        '203.0.113.9',
      )
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    const http = error as HttpError;
    expect(http.statusCode).toBe(429);
    expect(http.message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    expect(Number(http.headers?.['retry-after'])).toBeGreaterThan(0);
    expect(logged).toEqual([
      { rule: 'forgotPassword', ip: '203.0.113.9', retryAfterSeconds: expect.any(Number) },
    ]);
    // The address's unit was given back: 20 more still pass.
    for (let i = 0; i < 20; i++) expect(await take('forgotPasswordAddress', '203.0.113.9')).toBe(0);
    expect(await take('forgotPasswordAddress', '203.0.113.9')).toBeGreaterThan(0);
  });

  it('does not let concurrent hits past the limit', async () => {
    const { limits } = limitsOn();
    const results = await Promise.all(
      Array.from({ length: 50 }, () => limits.take('loginPairFailures', 'p')),
    );
    expect(results.filter((r) => !('retryAfter' in r))).toHaveLength(10);
  });

  it('scales every limit by RATE_LIMIT_FACTOR', async () => {
    const { take } = limitsOn(memoryRateStore(), 3);
    for (let i = 0; i < 9; i++) expect(await take('forgotPassword')).toBe(0);
    expect(await take('forgotPassword')).toBeGreaterThan(0);
  });
});

describe.runIf(process.env['REDIS_URL'])('rate limits in Redis', () => {
  it('share one count between instances, atomically', async () => {
    const a = new Redis(process.env['REDIS_URL']!);
    const b = new Redis(process.env['REDIS_URL']!);
    try {
      const prefix = `doers-test:${Date.now()}:rl:`;
      const one = limitsOn(redisRateStore(a, prefix));
      const two = limitsOn(redisRateStore(b, prefix));
      const results = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          (i % 2 ? one : two).limits.take('loginPairFailures', 'shared'),
        ),
      );
      expect(results.filter((r) => !('retryAfter' in r))).toHaveLength(10);
      expect(await one.take('loginPairFailures', 'other')).toBe(0);
    } finally {
      a.disconnect();
      b.disconnect();
    }
  });
});
