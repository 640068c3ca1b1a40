// Every endpoint of the contract, fed broken input signed in and signed out: wrong types, huge
// strings, unicode that breaks things, missing and extra fields, bad ids, days and cursors, bad
// tokens. The server may refuse (4xx, in its error shape) but never fail (5xx) or leak its insides.
import * as contract from '@doers/contract';
import type { AnyEndpoint, Quest } from '@doers/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { casesFor, type Case, type FuzzContext } from './support/fuzz-cases.js';
import { call, closeAgents, histogram, loopback, pool, type Reply } from './support/http.js';
import { registerFounder, suite, type Person } from './support/suite.js';

const { main } = suite();
const SEED = Number(process.env['FUZZ_SEED'] ?? 7);
/** fast-check values per field, on top of the fixed lists. */
const RANDOM_PER_FIELD = 6;
/** The server's JSON body limit (platform/http-server.ts): larger bodies are refused, perhaps before they arrive. */
const BODY_LIMIT = 100 * 1024;
let person: Person;
let ctx: FuzzContext;

const endpoints: [string, AnyEndpoint][] = Object.entries(contract)
  .filter(([name, value]) => name.endsWith('Api') && typeof value === 'object' && value)
  .flatMap(([api, group]) =>
    Object.entries(group as Record<string, AnyEndpoint>).map(
      ([name, e]) => [`${api}.${name}`, e] as [string, AnyEndpoint],
    ),
  )
  // What ends something (a quest, a session) goes last, so the rest runs against live things.
  .sort(([, a], [, b]) => Number(ending(a)) - Number(ending(b)));

function ending(e: AnyEndpoint): boolean {
  return e.method === 'DELETE' || /complete|abandon|leave|logout|end-others/.test(e.path);
}

beforeAll(async () => {
  person = await registerFounder(main.url);
  const other = await registerFounder(main.url);
  const quest = await call<Quest>(main.url, 'POST', '/api/quests', {
    token: person.accessToken,
    body: { title: 'Fuzzed quest', category: 'other', allowOthersToJoin: true },
  });
  expect(quest.status, quest.text).toBe(201);
  ctx = {
    userId: person.id,
    otherUserId: other.id,
    questId: quest.body.id,
    today: quest.body.startedOn,
  };
});
afterAll(closeAgents);

const STACK = /\n\s+at |node:internal|node_modules|\.[cm]?[jt]s:\d+:\d+/;
const SQL =
  /\b(select|insert|update|delete)\b[\s\S]{0,80}\b(from|into|set|where)\b|syntax error at or near|violates [a-z ]*constraint|duplicate key value|invalid input syntax|relation "|column "|pg_|postgres|pglite/i;

function problemsOf(c: Case, e: AnyEndpoint, res: Reply): string[] {
  const problems: string[] = [];
  if (res.status >= 500 && res.status !== 501) problems.push(`answered ${res.status}`);
  if (res.status >= 400) {
    const body = res.body as { message?: unknown; statusCode?: unknown } | undefined;
    if (typeof body?.message !== 'string' || body.statusCode !== res.status)
      problems.push('an error without the { message, statusCode } shape');
    if (SQL.test(res.text)) problems.push('SQL in the error');
  }
  if (STACK.test(res.text)) problems.push('a stack trace in the body');
  const unauthenticated = c.label === 'no token' || c.label.startsWith('Authorization:');
  if (e.access === 'signed-in' && unauthenticated && res.status !== 401)
    problems.push(`${res.status} instead of 401 without a valid token`);
  return problems;
}

describe('fuzz', () => {
  it('every endpoint, broken input, signed in and not → only 4xx in the error shape', async () => {
    const started = performance.now();
    const cases = endpoints.map(([name, e]) => ({
      e,
      cases: casesFor(name, e, ctx, { seed: SEED, random: RANDOM_PER_FIELD }),
    }));
    const statuses: number[] = [];
    const failures: string[] = [];
    const notBuilt = new Set<string>();
    let sent = 0;
    let closedEarly = 0;
    // Endpoint after endpoint (the ending ones last), eight requests in flight, each from one of
    // 200 addresses so that per-address limits do not stop the fuzz at the door.
    for (const { e, cases: list } of cases) {
      await pool(list.length, 8, async (i) => {
        const c = list[i]!;
        const n = sent++;
        const headers: Record<string, string> = {};
        if (c.authorization !== undefined && c.authorization !== null)
          headers['authorization'] = c.authorization;
        if (c.contentType) headers['content-type'] = c.contentType;
        const res = await call(main.url, c.method, c.path, {
          ...(c.body !== undefined ? { body: c.body } : {}),
          ...(c.raw !== undefined ? { raw: c.raw } : {}),
          ...(c.authorization === undefined ? { token: person.accessToken } : {}),
          headers,
          from: loopback(15, n % 200),
        }).catch((error: unknown) => {
          // A body over the server's limit may be refused before it has all arrived: the server
          // answers 413 and closes, and the client, still writing, sees the pipe break. That is
          // a refusal, not a failure; anything else is.
          const size = (c.raw ?? JSON.stringify(c.body ?? '')).length;
          if (size > BODY_LIMIT && /EPIPE|ECONNRESET|other side closed/.test(String(error))) {
            closedEarly += 1;
            return null;
          }
          throw error;
        });
        if (!res) return;
        statuses.push(res.status);
        if (res.status === 501) notBuilt.add(c.endpoint);
        for (const problem of problemsOf(c, e, res))
          failures.push(
            `${c.endpoint} (${c.method} ${c.path.slice(0, 80)}) ${c.label}: ${problem} — ${res.text.slice(0, 200)}`,
          );
      });
    }
    const stillSignedIn = await call(main.url, 'GET', '/api/users/me', {
      token: person.accessToken,
    });
    const me = stillSignedIn.body as { supporterTier?: string; founder?: { permissions: object } };
    console.log(
      `fuzz: ${sent.toLocaleString('en-US')} requests to ${endpoints.length} endpoints in ` +
        `${((performance.now() - started) / 1000).toFixed(1)} s (seed ${SEED}): ` +
        `${histogram(statuses)}` +
        (closedEarly ? `, ${closedEarly} oversized bodies refused before they had arrived` : '') +
        `; problems: ${failures.length}` +
        (notBuilt.size ? `; 501 (not set up on this server): ${[...notBuilt].join(', ')}` : '') +
        `; the fuzzing person afterwards: ${stillSignedIn.status}, tier ${me.supporterTier}, ` +
        `permissions ${JSON.stringify(me.founder?.permissions)}`,
    );
    for (const failure of failures.slice(0, 30)) console.log(`  ${failure}`);
    expect(failures).toEqual([]);
    // Extra fields (supporterTier, adminAccess, …) sent everywhere granted nothing.
    expect(me.supporterTier).toBe('free');
    expect(me.founder?.permissions).toMatchObject({ adminAccess: false, moderationTools: false });
  });
});
