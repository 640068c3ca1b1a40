import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.js';
import type { Metrics } from './metrics.js';

/** SHA-256 of a secret: equal lengths for timingSafeEqual, whatever length was sent. */
const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * `GET /metrics`, the Prometheus text format, on the public port but behind a token: served only
 * when METRICS_TOKEN is set (404 otherwise, as for any unknown address), and only to
 * `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise). The token is compared in constant
 * time, on digests, so neither its content nor its length leaks through the answer's timing.
 */
export function serveMetrics(
  app: FastifyInstance,
  metrics: Metrics,
  token: string | undefined,
): void {
  const expected = token === undefined ? undefined : digest(`Bearer ${token}`);
  app.get('/metrics', async (request, reply) => {
    if (!expected) throw new HttpError(404, 'No route GET /metrics');
    const given = digest(request.headers.authorization ?? '');
    if (!timingSafeEqual(given, expected)) {
      void reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw new HttpError(401, 'The metrics need the bearer token set in METRICS_TOKEN');
    }
    const text = await metrics.text();
    return reply.header('cache-control', 'no-store').type(metrics.contentType).send(text);
  });
}
