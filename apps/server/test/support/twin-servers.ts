import { mkdtemp, rm } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from '../../src/app.js';
import { TestClock } from '../../src/platform/clock.js';
import { loadConfig } from '../../src/platform/config.js';
import { openRuntime, type Runtime } from '../../src/runtime.js';
import { FOUNDER_CODE, TEST_START } from './test-server.js';

export type Instance = {
  app: FastifyInstance;
  clock: TestClock;
  /** Every log line of this instance, as JSON text (warn and above). */
  logs: string[];
};

export type Twins = { a: Instance; b: Instance; close: () => Promise<void> };

/**
 * Two server instances on one PostgreSQL database (DATABASE_URL), as two processes behind a load
 * balancer would be: each its own app, pool, clock and job queue connections, sharing one
 * fresh schema for the app's tables and one for the queue's. Ready (workers started), not
 * listening: the tests talk to `app.jobs`.
 */
export async function startTwinServers(): Promise<Twins> {
  const url = process.env['DATABASE_URL'];
  if (!url) throw new Error('Twin servers need DATABASE_URL');
  const dataDir = await mkdtemp(join(tmpdir(), 'doers-twins-'));
  const schema = `test_${randomBytes(5).toString('hex')}`;
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
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
    const clock = new TestClock(TEST_START);
    const app = await buildApp({
      config,
      ...runtime,
      clock,
      logStream: { write: (line: string) => logs.push(line) },
      version: 'test',
    });
    await app.ready();
    return { app, clock, logs };
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
