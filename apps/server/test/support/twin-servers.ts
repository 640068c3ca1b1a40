import { startTestServer, type TestServer } from './test-server.js';

/** One instance, usable wherever a TestServer is. */
export type Instance = TestServer & {
  /** Every log line of this instance, as JSON text (warn and above). */
  logs: string[];
};

export type Twins = { a: Instance; b: Instance; close: () => Promise<void> };

/**
 * Two server instances on one PostgreSQL database (DATABASE_URL), as two processes behind a load
 * balancer would be: each its own app, pool, clock and job queue connections, sharing one
 * fresh schema for the app's tables and one for the queue's (and one Redis prefix when
 * REDIS_URL is set). Each listens on a port of its own.
 */
export async function startTwinServers(options: { now?: string } = {}): Promise<Twins> {
  if (!process.env['DATABASE_URL']) throw new Error('Twin servers need DATABASE_URL');
  const env = { RATE_LIMIT_FACTOR: '20', LOG_LEVEL: 'warn' };
  const start = async (first?: TestServer): Promise<Instance> => {
    const logs: string[] = [];
    const server = await startTestServer(env, {
      ...(options.now ? { now: options.now } : {}),
      logs,
      ...(first ? { instanceOf: first } : {}),
    });
    return { ...server, logs };
  };
  // One after the other: the first creates the schemas, as the first instance of a deploy does.
  const a = await start();
  const b = await start(a);
  return {
    a,
    b,
    async close() {
      // The first drops the shared schemas: it goes last.
      await b.close();
      await a.close();
    },
  };
}
