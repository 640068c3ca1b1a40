// Is there an account for this address? Sign-in and forgot-password must not tell: the same
// status, the same body, and no difference in time an attacker could average out. A server of
// its own, with rate limits out of reach, so every try does the full work.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, closeAgents, loopback, median, type Reply } from './support/http.js';
import { startServer, type ServerProcess } from './support/servers.js';
import { keepSecrets, newDevice, registerFounder, suite, type Person } from './support/suite.js';

const TRIES = 200;
const WARM_UP = 20;
const from = loopback(11, 0);
let server: ServerProcess;
let known: Person;
const unknownEmail = `nobody_${randomBytes(5).toString('hex')}@security.doers.test`;

beforeAll(async () => {
  server = await startServer({
    name: 'enumeration',
    runDir: suite().runDir,
    bundle: suite().bundle,
    env: { RATE_LIMIT_FACTOR: '1000000' },
  });
  known = await registerFounder(server.url);
});
afterAll(async () => {
  await closeAgents();
  await server?.dispose();
});

/** Alternates known and unknown so that both see the same machine; returns each side's replies. */
async function compare(send: (email: string) => Promise<Reply>) {
  const sides = { known: [] as Reply[], unknown: [] as Reply[] };
  for (let i = 0; i < WARM_UP; i++) await send(i % 2 ? known.email : unknownEmail);
  for (let i = 0; i < TRIES; i++) {
    const order = i % 2 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const);
    for (const side of order)
      sides[side].push(await send(side === 'known' ? known.email : unknownEmail));
  }
  const statuses = (side: Reply[]) => [...new Set(side.map((r) => r.status))];
  const bodies = (side: Reply[]) => [...new Set(side.map((r) => r.text))];
  const [k, u] = [median(sides.known.map((r) => r.ms)), median(sides.unknown.map((r) => r.ms))];
  return {
    statuses: { known: statuses(sides.known), unknown: statuses(sides.unknown) },
    bodies: { known: bodies(sides.known), unknown: bodies(sides.unknown) },
    medians: { known: k, unknown: u, difference: Math.abs(k - u) },
  };
}

describe('enumeration', () => {
  it('sign-in: a known and an unknown account answer alike, in the same time', async () => {
    const wrong = `Wrong-${randomBytes(8).toString('hex')}`;
    keepSecrets(wrong);
    const result = await compare((email) =>
      call(server.url, 'POST', '/api/auth/login', {
        body: { email, password: wrong, device: newDevice() },
        from,
      }),
    );
    const { medians } = result;
    console.log(
      `enumeration, sign-in with a wrong password, ${TRIES} tries each: known ` +
        `${result.statuses.known} vs unknown ${result.statuses.unknown}; bodies ` +
        `${result.bodies.known.length === 1 && result.bodies.known[0] === result.bodies.unknown[0] ? 'identical' : 'DIFFER'}; ` +
        `median ${medians.known.toFixed(2)} vs ${medians.unknown.toFixed(2)} ms, ` +
        `difference ${medians.difference.toFixed(2)} ms`,
    );
    expect(result.statuses).toEqual({ known: [401], unknown: [401] });
    expect(result.bodies.known).toEqual(result.bodies.unknown);
    expect(result.bodies.known).toHaveLength(1);
    expect(medians.difference).toBeLessThan(5);
  });

  it('forgot-password: a known and an unknown address answer alike, in the same time', async () => {
    const result = await compare((email) =>
      call(server.url, 'POST', '/api/auth/forgot-password', { body: { email }, from }),
    );
    const { medians } = result;
    console.log(
      `enumeration, forgot-password, ${TRIES} tries each: known ${result.statuses.known} vs ` +
        `unknown ${result.statuses.unknown}; bodies ` +
        `${result.bodies.known.length === 1 && result.bodies.known[0] === result.bodies.unknown[0] ? 'identical' : 'DIFFER'}; ` +
        `median ${medians.known.toFixed(2)} vs ${medians.unknown.toFixed(2)} ms, ` +
        `difference ${medians.difference.toFixed(2)} ms`,
    );
    expect(result.statuses).toEqual({ known: [200], unknown: [200] });
    expect(result.bodies.known).toEqual(result.bodies.unknown);
    expect(result.bodies.known).toHaveLength(1);
    expect(medians.difference).toBeLessThan(5);
  });
});
