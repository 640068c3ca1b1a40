import { Redis } from 'ioredis';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { openDatabase, type Database } from './db/database.js';
import { migrate } from './db/migrate.js';
import type { Config } from './platform/config.js';
import { createMailer, type Mailer } from './platform/mailer.js';
import { memoryRateStore, redisRateStore, type RateStore } from './platform/rate-limiter.js';

export type Runtime = {
  db: Database;
  /** Where rate limits are counted: process memory, or Redis shared by every instance. */
  rateStore: RateStore;
  mailer: Mailer;
  redis: Redis | undefined;
  close(): Promise<void>;
};

/** Opens the outside parts: PGlite or PostgreSQL, local or Redis limits, SMTP or the outbox. */
export async function openRuntime(
  config: Config,
  log: FastifyBaseLogger,
  options: { pgSchema?: string; inMemory?: boolean; redisPrefix?: string } = {},
): Promise<Runtime> {
  const db = config.databaseUrl
    ? await openDatabase({
        engine: 'postgres',
        url: config.databaseUrl,
        ...(options.pgSchema ? { schema: options.pgSchema } : {}),
      })
    : await openDatabase({
        engine: 'pglite',
        ...(options.inMemory ? {} : { dataDir: join(config.dataDir, 'db') }),
      });
  const applied = await migrate(db);
  if (applied.length) log.info({ applied }, 'database migrated');

  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 })
    : undefined;
  if (redis) await redis.connect();
  const rateStore = redis
    ? redisRateStore(redis, options.redisPrefix ?? `${config.redisPrefix}rl:`)
    : memoryRateStore();
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: join(config.dataDir, 'outbox'),
    log,
  });
  return {
    db,
    rateStore,
    mailer,
    redis,
    async close() {
      mailer.close();
      await rateStore.close();
      if (redis) await redis.quit();
      await db.close();
    },
  };
}
