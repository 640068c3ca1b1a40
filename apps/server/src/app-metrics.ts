import type { FastifyInstance } from 'fastify';
import type { Database } from './db/database.js';
import { timedDatabase } from './db/timed-database.js';
import type { Config } from './platform/config.js';
import { Metrics } from './platform/metrics.js';
import { serveMetrics } from './platform/metrics-endpoint.js';

/**
 * Metrics (platform/metrics.ts), read at /metrics behind METRICS_TOKEN. Requests and statements
 * are timed only when the token is set, so that a server nobody scrapes pays nothing for them:
 * the database the app uses is then the timed one.
 */
export function openMetrics(
  app: FastifyInstance,
  config: Config,
  db: Database,
): { metrics: Metrics; db: Database } {
  const measured = config.metricsToken !== undefined;
  const metrics = new Metrics({ processMetrics: measured });
  if (measured) metrics.timeRequests(app);
  serveMetrics(app, metrics, config.metricsToken);
  return { metrics, db: measured ? timedDatabase(db, metrics.queryTimed) : db };
}
