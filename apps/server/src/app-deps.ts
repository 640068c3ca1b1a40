import type { Database } from './db/database.js';
import type { Clock } from './platform/clock.js';
import type { Config } from './platform/config.js';
import type { LogStream } from './platform/logger.js';
import type { Mailer } from './platform/mailer.js';
import type { ObjectStorage } from './platform/object-storage.js';
import type { RateStore } from './platform/rate-limiter.js';
import type { RealtimeBus } from './platform/realtime-bus.js';

/** What buildApp (app.ts) is given: the outside parts runtime.ts opened, and the clock. */
export type AppDeps = {
  config: Config;
  db: Database;
  rateStore: RateStore;
  mailer: Mailer;
  /** Where uploaded media are kept: DATA_DIR/media or an S3 bucket. */
  storage: ObjectStorage;
  version: string;
  /** Where "now" comes from: the system clock, or a TestClock that tests move. */
  clock: Clock;
  /** Redis when REDIS_URL is set (runtime.ts): readiness pings it. */
  redis?: { ping(): Promise<unknown> } | undefined;
  /** The realtime stream's transport (runtime.ts: Redis or in process); in process if absent. */
  realtimeBus?: RealtimeBus;
  /** PostgreSQL: the job queue's schema (runtime.ts); `pgboss` when not given. */
  queueSchema?: string | undefined;
  /** Tests check every answer against the contract's response schema. */
  checkResponses?: boolean;
  /** Tests read the log lines; otherwise they go to stdout. */
  logStream?: LogStream;
};
