import type { FastifyInstance } from 'fastify';
import type { Database } from './db/database.js';
import type { Clock } from './platform/clock.js';
import type { Config } from './platform/config.js';
import { InProcessJobs, type JobFailed, type Jobs } from './platform/jobs.js';
import { PgJobs } from './platform/pg-jobs.js';

/**
 * The server's timed and queued work (docs/decisions/0012-jobs-queue.md): in this process on
 * PGlite; on PostgreSQL shared by every instance, so that a job runs in one of them only. Each
 * timed run asks the injected clock; jobs start once the server is ready and stop with it.
 */
export function openJobs(
  app: FastifyInstance,
  d: {
    config: Config;
    db: Database;
    clock: Clock;
    queueSchema: string | undefined;
    /** Told of every failed run and try (the metrics count them). */
    onFailure: JobFailed;
  },
): Jobs {
  const jobs: Jobs =
    d.db.engine === 'postgres' && d.config.databaseUrl
      ? new PgJobs({
          connectionString: d.config.databaseUrl,
          schema: d.queueSchema ?? 'pgboss',
          db: d.db,
          clock: d.clock,
          log: app.log,
          onFailure: d.onFailure,
        })
      : new InProcessJobs(app.log, { clock: d.clock, onFailure: d.onFailure });
  app.decorate('jobs', jobs);
  app.addHook('onReady', () => jobs.start());
  app.addHook('onClose', () => jobs.stop());
  return jobs;
}
