import type { FastifyInstance } from 'fastify';
import type { Health, PublicConfig } from '@doers/contract';
import type { Database } from '../../db/database.js';
import type { AuthService } from '../auth/auth.service.js';

export function systemRoutes(
  app: FastifyInstance,
  deps: { db: Database; auth: AuthService; founderInviteCode: string | undefined; version: string },
): void {
  app.get('/health', async (_request, reply): Promise<Health> => {
    const started = performance.now();
    let ok = true;
    try {
      await deps.db.query('SELECT 1');
    } catch {
      ok = false;
    }
    const latencyMs = Math.round((performance.now() - started) * 10) / 10;
    void reply.status(ok ? 200 : 503).header('cache-control', 'no-store');
    return {
      status: ok ? 'ok' : 'degraded',
      database: { ok, engine: deps.db.engine, latencyMs },
      version: deps.version,
    };
  });

  app.get('/config', async (): Promise<PublicConfig> => {
    const seatsLeft = await deps.auth.founderSeatsLeft();
    return {
      founderInviteCode: seatsLeft > 0 ? (deps.founderInviteCode ?? null) : null,
      founderSeatsLeft: seatsLeft,
    };
  });
}
