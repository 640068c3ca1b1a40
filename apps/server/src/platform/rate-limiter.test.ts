import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { memoryRateLimiter, redisRateLimiter, scaled } from './rate-limiter.js';

describe('memory rate limiter', () => {
  it('counts fixed windows and says how long to wait', async () => {
    let now = 0;
    const limiter = memoryRateLimiter(() => now);
    const rule = { limit: 2, windowMs: 60_000 };
    expect(await limiter.hit('k', rule)).toBe(0);
    expect(await limiter.hit('k', rule)).toBe(0);
    now = 15_000;
    expect(await limiter.hit('k', rule)).toBe(45);
    expect(await limiter.hit('other', rule)).toBe(0);
    now = 60_000;
    expect(await limiter.hit('k', rule)).toBe(0);
  });

  it('scales every limit by the factor', async () => {
    const limiter = scaled(memoryRateLimiter(), 3);
    const rule = { limit: 1, windowMs: 1000 };
    for (let i = 0; i < 3; i++) expect(await limiter.hit('k', rule)).toBe(0);
    expect(await limiter.hit('k', rule)).toBeGreaterThan(0);
  });
});

describe.runIf(process.env['REDIS_URL'])('redis rate limiter', () => {
  it('shares one window between instances', async () => {
    const a = new Redis(process.env['REDIS_URL']!);
    const b = new Redis(process.env['REDIS_URL']!);
    try {
      const prefix = `doers-test:${Date.now()}:`;
      const rule = { limit: 2, windowMs: 60_000 };
      expect(await redisRateLimiter(a, prefix).hit('k', rule)).toBe(0);
      expect(await redisRateLimiter(b, prefix).hit('k', rule)).toBe(0);
      expect(await redisRateLimiter(a, prefix).hit('k', rule)).toBeGreaterThan(55);
    } finally {
      a.disconnect();
      b.disconnect();
    }
  });
});
