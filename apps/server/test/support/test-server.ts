import { mkdtemp, rm } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from '../../src/app.js';
import { TestClock } from '../../src/platform/clock.js';
import { loadConfig } from '../../src/platform/config.js';
import { openRuntime } from '../../src/runtime.js';
import type { Database, Queryable } from '../../src/db/database.js';
import { BEHIND } from '../../src/contexts/accounts/users/sessions.repository.js';
import { SWEEP } from '../../src/platform/outbox.repository.js';
import { leasePglite } from './pglite-pool.js';
import { SHARED_VAPID } from './shared-secrets.js';

import { FOUNDER_CODE } from './people-data.js';

export { FOUNDER_CODE };
/** Where every test server's clock starts, unless the test says otherwise (a Tuesday, 09:00 UTC). */
export const TEST_START = '2026-03-10T09:00:00Z';

export type TestServer = {
  url: string;
  /** The app itself: its timed jobs run with `app.jobs.run(name)`. */
  app: FastifyInstance;
  db: Database;
  dataDir: string;
  request: <T = unknown>(
    method: string,
    path: string,
    options?: RequestOptions,
  ) => Promise<TestResponse<T>>;
  /** The server's clock: it stands still until a test sets or advances it. */
  clock: TestClock;
  /** Runs `fn` and returns the SQL statements the server ran meanwhile, in order. */
  statementsOf: (fn: () => Promise<unknown>) => Promise<string[]>;
  /** Where its data lives on PostgreSQL and Redis: a second instance may share them. */
  shared: { schema: string; redisPrefix: string };
  close: () => Promise<void>;
};

export type RequestOptions = {
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
  raw?: string;
};
export type TestResponse<T> = { status: number; body: T; headers: Headers };

/**
 * A real server on a random port: a clean migrated PGlite from the pool (pglite-pool.ts) by
 * default; with DATABASE_URL set, a fresh schema on that PostgreSQL; with REDIS_URL set, rate
 * limits in Redis under a fresh prefix.
 */
export async function startTestServer(
  env: Record<string, string | undefined> = {},
  /**
   * `logs` receives every log line (set LOG_LEVEL in env: the default is silent).
   * `instanceOf`: another instance of that server, as behind a load balancer: the same
   * PostgreSQL schema and Redis prefix (PostgreSQL only; the first server drops the schema).
   */
  options: { now?: string; logs?: string[]; instanceOf?: TestServer } = {},
): Promise<TestServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'doers-test-'));
  const id = randomBytes(5).toString('hex');
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    FOUNDER_INVITE_CODE: FOUNDER_CODE,
    PUBLIC_URL: 'http://doers.test',
    WEB_DIST: join(dataDir, 'no-web-build'),
    DATABASE_URL: process.env['DATABASE_URL'],
    REDIS_URL: process.env['REDIS_URL'],
    // On PostgreSQL the keys must be given (config.ts); on PGlite they are generated into DATA_DIR.
    ...(process.env['DATABASE_URL'] ? SHARED_VAPID : {}),
    ...env,
  });
  const shared = options.instanceOf?.shared ?? {
    schema: `test_${id}`,
    redisPrefix: `doers-test:${id}:`,
  };
  const owner = !options.instanceOf;
  if (!owner && !config.databaseUrl) throw new Error('Instances share a database on PostgreSQL');
  const schema = shared.schema;
  const runtime = await openRuntime(config, pino({ level: 'silent' }), {
    inMemory: true,
    ...(config.databaseUrl ? {} : { pglite: await leasePglite() }),
    pgSchema: schema,
    redisPrefix: shared.redisPrefix,
  });
  const counter = countingDatabase(runtime.db);
  const clock = new TestClock(options.now ?? TEST_START);
  const app = await buildApp({
    config,
    ...runtime,
    db: counter.db,
    clock,
    checkResponses: true,
    ...(options.logs ? { logStream: { write: (line: string) => options.logs!.push(line) } } : {}),
    version: 'test',
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  return {
    url,
    app,
    db: runtime.db,
    dataDir,
    clock,
    statementsOf: counter.statementsOf,
    shared,
    request: (method, path, options) => request(url, method, path, options),
    async close() {
      await app.close();
      if (runtime.db.engine === 'postgres' && owner)
        await runtime.db.query(`DROP SCHEMA "${schema}" CASCADE`);
      if (runtime.queueSchema && owner)
        await runtime.db.query(`DROP SCHEMA IF EXISTS "${runtime.queueSchema}" CASCADE`);
      await runtime.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export async function request<T>(
  base: string,
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<TestResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers['authorization'] = `Bearer ${options.token}`;
  let body: string | undefined = options.raw;
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const res = await fetch(base + path, {
    method,
    headers,
    ...(body !== undefined ? { body } : {}),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : {};
  } catch {
    // Not JSON (the web app's HTML): keep the text.
  }
  return { status: res.status, body: parsed as T, headers: res.headers };
}

/** Wraps the database so that a test can see the statements one request runs. */
function countingDatabase(inner: Database) {
  let log: string[] | null = null;
  const counted = (q: Queryable): Queryable => ({
    query: <T extends object>(sql: string, params?: unknown[]) => {
      // Marks written behind the requests (sessions.repository.ts) and the outbox's sweep
      // belong to none of them.
      if (!sql.startsWith(BEHIND) && !sql.startsWith(SWEEP))
        log?.push(sql.replace(/\s+/g, ' ').trim());
      return q.query<T>(sql, params);
    },
    // A transaction's: what waits for its commit must still wait (events, caches).
    ...(q.afterCommit && { afterCommit: q.afterCommit.bind(q) }),
  });
  const db: Database = {
    engine: inner.engine,
    ...counted(inner),
    transaction: (fn) => inner.transaction((tx) => fn(counted(tx))),
    close: () => inner.close(),
  };
  return {
    db,
    async statementsOf(fn: () => Promise<unknown>): Promise<string[]> {
      const seen: string[] = [];
      log = seen;
      try {
        await fn();
      } finally {
        log = null;
      }
      return seen;
    },
  };
}
