import { Redis } from 'ioredis';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { openDatabase, type Database } from './db/database.js';
import { migrate } from './db/migrate.js';
import type { PgliteConnection } from './db/pglite-thread.js';
import type { Config } from './platform/config.js';
import { DATA_DIR_FILES } from './platform/data-dir-files.js';
import { createMailer, type Mailer } from './platform/mailer.js';
import { queueSchemaFor } from './platform/pg-jobs.js';
import { diskStorage, type ObjectStorage } from './platform/object-storage.js';
import { memoryRateStore, redisRateStore, type RateStore } from './platform/rate-limiter.js';
import { MemoryRealtimeBus, type RealtimeBus } from './platform/realtime-bus.js';
import { RedisRealtimeBus } from './platform/redis-realtime-bus.js';
import { s3Storage } from './platform/s3-storage.js';

export type Runtime = {
  db: Database;
  /** Where rate limits are counted: process memory, or Redis shared by every instance. */
  rateStore: RateStore;
  mailer: Mailer;
  /** Uploaded media: DATA_DIR/media, or the S3 bucket when S3_* are set. */
  storage: ObjectStorage;
  redis: Redis | undefined;
  /** The realtime stream's events: in this process, or through Redis to every instance. */
  realtimeBus: RealtimeBus;
  /**
   * On PostgreSQL, the schema of the job queue's own tables (pg-boss, decision 12): `pgboss`, or
   * `<schema>_jobs` beside an app schema of its own (`queueSchemaFor`), so that parallel test
   * suites never take each other's jobs.
   */
  queueSchema: string | undefined;
  close(): Promise<void>;
};

/**
 * Opens the outside parts: PGlite or PostgreSQL, local or Redis limits, SMTP or the outbox, disk
 * or S3 for media.
 */
export async function openRuntime(
  config: Config,
  log: FastifyBaseLogger,
  options: {
    pgSchema?: string;
    inMemory?: boolean;
    /** In memory: start from this migrated data directory (test/support/pglite-template.ts). */
    template?: Blob;
    /** A PGlite already open (test/support/pglite-pool.ts): used instead of opening one. */
    pglite?: PgliteConnection;
    redisPrefix?: string;
  } = {},
): Promise<Runtime> {
  const db = config.databaseUrl
    ? await openDatabase({
        engine: 'postgres',
        url: config.databaseUrl,
        ...(options.pgSchema ? { schema: options.pgSchema } : {}),
      })
    : options.pglite
      ? await openDatabase({ engine: 'pglite', connection: options.pglite })
      : await openDatabase({
          engine: 'pglite',
          ...(options.inMemory ? {} : { dataDir: join(config.dataDir, DATA_DIR_FILES.database) }),
          ...(options.template ? { template: options.template } : {}),
        });
  const applied = await migrate(db);
  if (applied.length) log.info({ applied }, 'database migrated');

  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 })
    : undefined;
  // ioredis reconnects by itself; without a listener it prints every failed attempt to stderr.
  redis?.on('error', (error: Error) => log.warn({ err: error }, 'redis connection error'));
  if (redis) await redis.connect();
  const rateStore = redis
    ? redisRateStore(redis, options.redisPrefix ?? `${config.redisPrefix}rl:`)
    : memoryRateStore();
  const realtimeBus = redis
    ? await RedisRealtimeBus.open(redis, `${options.redisPrefix ?? config.redisPrefix}rt:`)
    : new MemoryRealtimeBus();
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: join(config.dataDir, 'outbox'),
    log,
  });
  const storage = config.media.s3
    ? await s3Storage(config.media.s3)
    : diskStorage(config.media.dir);
  return {
    db,
    rateStore,
    mailer,
    storage,
    redis,
    realtimeBus,
    queueSchema: config.databaseUrl
      ? queueSchemaFor(config.databaseUrl, options.pgSchema)
      : undefined,
    async close() {
      mailer.close();
      await realtimeBus.close();
      await storage.close();
      await rateStore.close();
      if (redis) await redis.quit();
      await db.close();
    },
  };
}
