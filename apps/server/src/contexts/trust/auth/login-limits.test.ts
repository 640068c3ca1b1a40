import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApiErrorBody, AuthResponse } from '@doers/contract';
import { requestFrom } from '../../../../test/support/from-address.js';
import {
  FOUNDER_CODE,
  TEST_START,
  startTestServer,
  type TestServer,
} from '../../../../test/support/test-server.js';
import { device, newPerson } from '../../../../test/support/people.js';

const FIFTEEN_MINUTES = 15 * 60_000;
const TOO_MANY = /^Too many attempts\. Please try again in \d+ minutes?\.$/;

/**
 * Online guessing against a real server; other loopback addresses stand in for other machines.
 * A 401 means the server checked a password; a 429 checked nothing.
 */
describe('sign-in limits', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  beforeEach(() => server.clock.set(TEST_START));
  afterAll(() => server.close());

  async function register(from: string) {
    const person = newPerson({ inviteCode: FOUNDER_CODE });
    const res = await requestFrom<AuthResponse>(server.url, from, 'POST', '/api/auth/register', {
      body: person,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return person;
  }

  const signIn = (from: string, login: string, password: string, deviceId: string) =>
    requestFrom<AuthResponse & ApiErrorBody>(server.url, from, 'POST', '/api/auth/login', {
      body: { email: login, password, device: device(deviceId) },
    });

  /** The most entries of `times` inside any one window of `windowMs`. */
  const mostInAnyWindow = (times: number[], windowMs: number) =>
    Math.max(0, ...times.map((t) => times.filter((u) => u >= t && u < t + windowMs).length));

  it('1,000 guesses from one address, then from 20: at most 10 password checks per account and address in any 15 minutes; the owner still signs in', async () => {
    const owner = await register('127.1.0.1');
    const home = '127.1.0.100';
    const ownDevice = 'owner-phone-1';
    expect((await signIn(home, owner.username, owner.password, ownDevice)).status).toBe(200);

    const one = ['127.1.0.2'];
    const twenty = Array.from({ length: 20 }, (_, i) => `127.1.1.${i + 1}`);
    const checks = new Map<string, number[]>();
    const statuses: Record<number, number> = {};
    const ownerStatuses: number[] = [];
    // 50 rounds of 20 guesses at once, two minutes apart: 100 minutes of attack.
    for (let round = 0; round < 50; round++) {
      const from = round < 25 ? one : twenty;
      const answers = await Promise.all(
        Array.from({ length: 20 }, async (_, i) => {
          const address = from[i % from.length]!;
          const res = await signIn(address, owner.email, `guess-${round}-${i}`, `attacker-${i}`);
          return { address, res };
        }),
      );
      for (const { address, res } of answers) {
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        if (res.status === 401) {
          checks.set(address, [...(checks.get(address) ?? []), server.clock.now().getTime()]);
        } else {
          expect(res.status).toBe(429);
          expect(res.body.message).toMatch(TOO_MANY);
          expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
        }
      }
      if (round % 10 === 5) {
        ownerStatuses.push((await signIn(home, owner.email, owner.password, ownDevice)).status);
      }
      server.clock.advance({ minutes: 2 });
    }
    ownerStatuses.push((await signIn(home, owner.email, owner.password, ownDevice)).status);

    const perAddress = [...checks.values()].map((times) => mostInAnyWindow(times, FIFTEEN_MINUTES));
    const total = [...checks.values()].reduce((n, times) => n + times.length, 0);
    console.log(
      `sign-in guessing: 1,000 guesses over 100 min → ${JSON.stringify(statuses)}; ` +
        `${total} password checks, at most ${Math.max(...perAddress)} per address in 15 min; ` +
        `owner signed in ${ownerStatuses.filter((s) => s === 200).length}/${ownerStatuses.length}`,
    );
    expect(Math.max(...perAddress)).toBeLessThanOrEqual(10);
    // The account's own delay holds every address together to 20 an hour.
    expect(mostInAnyWindow([...checks.values()].flat(), 60 * 60_000)).toBeLessThanOrEqual(20);
    expect(statuses[200]).toBeUndefined();
    expect(ownerStatuses).toEqual([200, 200, 200, 200, 200, 200]);
  });

  it('checks limits before the password: once an account is delayed, even the right password from an unknown source verifies nothing', async () => {
    const owner = await register('127.2.0.1');
    expect((await signIn('127.2.0.100', owner.email, owner.password, 'owner-phone')).status).toBe(
      200,
    );
    for (let i = 0; i < 5; i++) {
      expect((await signIn('127.2.0.2', owner.email, `wrong-${i}`, 'laptop-device')).status).toBe(
        401,
      );
    }
    // The per-account delay: from this address and from any other the owner has not used.
    const refused = await signIn('127.2.0.2', owner.email, owner.password, 'laptop-device');
    expect(refused.status).toBe(429);
    expect((await signIn('127.2.0.3', owner.email, owner.password, 'tablet-device')).status).toBe(
      429,
    );
    // The owner's known address and device are not delayed by it.
    expect((await signIn('127.2.0.100', owner.email, owner.password, 'owner-phone')).status).toBe(
      200,
    );
    // After the Retry-After the right password works from the new place too.
    server.clock.advance({ seconds: Number(refused.headers.get('retry-after')) });
    expect((await signIn('127.2.0.3', owner.email, owner.password, 'tablet-device')).status).toBe(
      200,
    );
  });

  it('the address and device someone signed up from are a known source', async () => {
    const person = newPerson({ inviteCode: FOUNDER_CODE, device: device('signup-phone') });
    const res = await requestFrom(server.url, '127.6.0.1', 'POST', '/api/auth/register', {
      body: person,
    });
    expect(res.status).toBe(201);
    for (let i = 0; i < 5; i++) {
      expect((await signIn('127.6.0.2', person.email, `wrong-${i}`, 'laptop-device')).status).toBe(
        401,
      );
    }
    expect((await signIn('127.6.0.3', person.email, person.password, 'tablet-device')).status).toBe(
      429,
    );
    expect((await signIn('127.6.0.1', person.email, person.password, 'signup-phone')).status).toBe(
      200,
    );
  });

  it('a known source counts only its own failures, 10 per 15 minutes, and a success clears them', async () => {
    const owner = await register('127.3.0.1');
    const home = '127.3.0.100';
    expect((await signIn(home, owner.username, owner.password, 'owner-phone')).status).toBe(200);
    for (let i = 0; i < 9; i++) {
      expect((await signIn(home, owner.username, `typo-${i}`, 'owner-phone')).status).toBe(401);
    }
    expect((await signIn(home, owner.username, owner.password, 'owner-phone')).status).toBe(200);
    for (let i = 0; i < 10; i++) {
      expect((await signIn(home, owner.username, `typo-${i}`, 'owner-phone')).status).toBe(401);
    }
    const refused = await signIn(home, owner.username, owner.password, 'owner-phone');
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThanOrEqual(15 * 60);
    expect(wait).toBeLessThanOrEqual(20 * 60);
    server.clock.advance({ seconds: wait });
    expect((await signIn(home, owner.username, owner.password, 'owner-phone')).status).toBe(200);
  });

  it('answers a known and an unknown account alike: same statuses, same bodies', async () => {
    const owner = await register('127.4.0.1');
    const known: { status: number; body: unknown; retryAfter: string | null }[] = [];
    const unknown: typeof known = [];
    for (let i = 0; i < 30; i++) {
      const a = await signIn('127.4.0.2', owner.email, `wrong-${i}`, 'laptop-device');
      const b = await signIn('127.4.0.3', 'nobody-here@example.com', `wrong-${i}`, 'laptop-device');
      known.push({ status: a.status, body: a.body, retryAfter: a.headers.get('retry-after') });
      unknown.push({ status: b.status, body: b.body, retryAfter: b.headers.get('retry-after') });
      server.clock.advance({ seconds: 20 });
    }
    expect(unknown).toEqual(known);
    expect(new Set(known.map((k) => k.status))).toEqual(new Set([401, 429]));
  });

  it('caps failures per address across accounts: 100 an hour', async () => {
    const from = '127.5.0.2';
    for (let i = 0; i < 100; i++) {
      if (i % 40 === 0) server.clock.advance({ minutes: 2 });
      const res = await signIn(from, `sprayed_${i}@example.com`, 'Password1!', 'laptop-device');
      expect(res.status, `guess ${i}`).toBe(401);
    }
    const refused = await signIn(from, 'one_more@example.com', 'Password1!', 'laptop-device');
    expect(refused.status).toBe(429);
    // Another address is not held by it.
    expect(
      (await signIn('127.5.0.3', 'one_more@example.com', 'Password1!', 'laptop-device')).status,
    ).toBe(401);
  });
});
