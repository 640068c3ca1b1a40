import { mkdtemp, rm } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { buildApp } from '../../src/app.js';
import { TestClock } from '../../src/platform/clock.js';
import { loadConfig } from '../../src/platform/config.js';
import { openRuntime, type Runtime } from '../../src/runtime.js';
import { FOUNDER_CODE, request, TEST_START, type TestServer } from './test-server.js';

/** One instance, usable wherever a TestServer is (but `statementsOf`, which it cannot count). */
export type Instance = TestServer & {
  /** Every log line of this instance, as JSON text (warn and above). */
  logs: string[];
};

export type Twins = { a: Instance; b: Instance; close: () => Promise<void> };

/**
 * Two server instances on one PostgreSQL database (DATABASE_URL), as two processes behind a load
 * balancer would be: each its own app, pool, clock and job queue connections, sharing one
 * fresh schema for the app's tables and one for the queue's. Each listens on a port of its own.
 */
export async function startTwinServers(options: { now?: string } = {}): Promise<Twins> {
  const url = process.env['DATABASE_URL'];
  if (!url) throw new Error('Twin servers need DATABASE_URL');
  const dataDir = await mkdtemp(join(tmpdir(), 'doers-twins-'));
  const schema = `test_${randomBytes(5).toString('hex')}`;
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_FACTOR: '20',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    FOUNDER_INVITE_CODE: FOUNDER_CODE,
    PUBLIC_URL: 'http://doers.test',
    WEB_DIST: join(dataDir, 'no-web-build'),
    DATABASE_URL: url,
  });
  const runtimes: Runtime[] = [];
  const start = async (): Promise<Instance> => {
    const runtime = await openRuntime(config, pino({ level: 'silent' }), {
      inMemory: true,
      pgSchema: schema,
    });
    runtimes.push(runtime);
    const logs: string[] = [];
    const clock = new TestClock(options.now ?? TEST_START);
    const app = await buildApp({
      config,
      ...runtime,
      clock,
      logStream: { write: (line: string) => logs.push(line) },
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
      logs,
      request: (method, path, options) => request(url, method, path, options),
      statementsOf: () => Promise.reject(new Error('Twin servers count no statements')),
      close: () => app.close(),
    };
  };
  // One after the other: the first creates the schemas, as the first instance of a deploy does.
  const a = await start();
  const b = await start();
  return {
    a,
    b,
    async close() {
      await Promise.all([a.app.close(), b.app.close()]);
      const [first] = runtimes;
      if (first) {
        await first.db.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
        if (first.queueSchema)
          await first.db.query(`DROP SCHEMA IF EXISTS "${first.queueSchema}" CASCADE`);
      }
      await Promise.all(runtimes.map((r) => r.close()));
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
