// Online password guessing: 1,000 tries on one account from one address, then on another account
// from 20 addresses. A 401 means the server checked a password; a 429 checked nothing. The owner,
// who signed in before from their address and device, must still get in during and after.
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { call, closeAgents, histogram, loopback, pool } from './support/http.js';
import { keepSecrets, registerFounder, signIn, suite, type Person } from './support/suite.js';

const { main } = suite();
const ATTEMPTS = 1_000;
/** Password checks allowed per account and address in 15 minutes. */
const CHECKS_PER_PAIR = 10;
afterAll(closeAgents);

type Attack = {
  checksByAddress: Map<string, number>;
  statuses: number[];
  owner: number[];
  seconds: number;
};

/**
 * The attacker's tries, 20 in flight, spread over `addresses`; the owner signs in from home on
 * their known device at a third and two thirds of the way, and once the attack is over.
 */
async function attack(victim: Person, addresses: string[], home: string): Promise<Attack> {
  const first = await signIn(main.url, victim, home);
  expect(first.status, 'the owner signs in before the attack').toBe(200);
  const owner: number[] = [];
  const ownerTurns = new Set([Math.floor(ATTEMPTS / 3), Math.floor((2 * ATTEMPTS) / 3)]);
  const checksByAddress = new Map(addresses.map((a) => [a, 0]));
  const started = performance.now();
  const guesses: string[] = [];
  const statuses = await pool(ATTEMPTS, 20, async (i) => {
    if (ownerTurns.has(i)) owner.push((await signIn(main.url, victim, home)).status);
    const from = addresses[i % addresses.length]!;
    const guess = `guess-${i}-${randomBytes(4).toString('hex')}`;
    guesses.push(guess);
    const res = await call(main.url, 'POST', '/api/auth/login', {
      // TRUST_PROXY is off: a forged X-Forwarded-For must not make each try a new address.
      headers: { 'x-forwarded-for': `203.0.113.${i % 250}` },
      body: { email: victim.email, password: guess, device: { id: `attacker-${i % 7}-device` } },
      from,
    });
    if (res.status === 401) checksByAddress.set(from, checksByAddress.get(from)! + 1);
    return res.status;
  });
  keepSecrets(victim.password, ...guesses);
  owner.push((await signIn(main.url, victim, home)).status);
  return { checksByAddress, statuses, owner, seconds: (performance.now() - started) / 1000 };
}

function report(label: string, result: Attack) {
  const checks = [...result.checksByAddress.values()];
  const total = checks.reduce((a, b) => a + b, 0);
  console.log(
    `login attack, ${label}: ${ATTEMPTS.toLocaleString('en-US')} tries in ` +
      `${result.seconds.toFixed(1)} s → ${histogram(result.statuses)}; ${total} password checks ` +
      `in all, at most ${Math.max(...checks)} for one address; owner signed in ` +
      `${result.owner.filter((s) => s === 200).length}/${result.owner.length} (${result.owner.join(',')})`,
  );
  expect(result.statuses.every((s) => s === 401 || s === 429)).toBe(true);
  expect(Math.max(...checks)).toBeLessThanOrEqual(CHECKS_PER_PAIR);
}

describe('login attack', () => {
  const results: Partial<Record<'one' | 'many', Attack>> = {};

  it('one address: at most 10 password checks for the pair', async () => {
    const victim = await registerFounder(main.url);
    results.one = await attack(victim, [loopback(10, 0)], loopback(10, 100));
    report('one address', results.one);
  });

  it('one address: the owner still signs in from their address and device, during and after', () => {
    expect(results.one?.owner).toEqual([200, 200, 200]);
  });

  it('20 addresses: at most 10 password checks for each pair', async () => {
    const victim = await registerFounder(main.url);
    const addresses = Array.from({ length: 20 }, (_, i) => loopback(10, 1 + i));
    results.many = await attack(victim, addresses, loopback(10, 101));
    report('20 addresses', results.many);
  });

  it('20 addresses: the owner still signs in from their address and device, during and after', () => {
    expect(results.many?.owner).toEqual([200, 200, 200]);
  });
});
