import type { FastifyInstance } from 'fastify';
import type { SystemService } from './contexts/trust/system/system.service.js';

/**
 * Readiness follows the server's stop: once it begins to drain (SIGTERM: shutdown.ts), or to
 * close, `/api/health/ready` answers 503 (`draining`), so that a load balancer sends it nothing
 * new while the requests in flight finish. `app.beginDraining()` does the same by hand.
 */
export function drainReadiness(app: FastifyInstance, system: SystemService): void {
  app.decorate('beginDraining', () => system.beginDraining());
  app.addHook('preClose', async () => system.beginDraining());
  app.draining.onStart(() => system.beginDraining());
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The server is about to stop: /api/health/ready answers 503 (`draining`) from now on, so that
     * a load balancer sends no new requests while those in flight finish. Call it on SIGTERM,
     * before closing; closing calls it too.
     */
    beginDraining(): void;
  }
}
