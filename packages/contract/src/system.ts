import { z } from 'zod';
import { endpoint } from './http.js';

/** `GET /api/config`: server settings the web app needs before sign-in. */
export const publicConfig = z.object({
  /** Pre-filled on /register?founder=true ; null when founder mode is off. */
  founderInviteCode: z.string().nullable(),
  founderSeatsLeft: z.number().int(),
});
export type PublicConfig = z.infer<typeof publicConfig>;

export const versionFile = z.object({ buildId: z.string(), version: z.string() });
export type VersionFile = z.infer<typeof versionFile>;

export const health = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({
    ok: z.boolean(),
    engine: z.enum(['pglite', 'postgres']),
    latencyMs: z.number(),
  }),
  version: z.string(),
});
export type Health = z.infer<typeof health>;

/** `GET /api/health/live`: the process answers; a load balancer restarts it when this fails. */
export const liveness = z.object({ status: z.literal('live') });
export type Liveness = z.infer<typeof liveness>;

/** What `GET /api/health/ready` checks; `draining` is the server stopping on purpose. */
export const readinessCheck = z.enum(['draining', 'database', 'migrations', 'redis', 'storage']);
export type ReadinessCheck = z.infer<typeof readinessCheck>;

/**
 * `GET /api/health/ready`: 200 when this instance can serve, 503 otherwise. `skipped`: not
 * configured (Redis), or not asked because what it stands on failed (migrations without a
 * database) or because the server is draining.
 */
export const readiness = z.object({
  status: z.enum(['ready', 'not-ready']),
  draining: z.boolean(),
  checks: z.object({
    database: z.enum(['ok', 'failed', 'skipped']),
    migrations: z.enum(['ok', 'failed', 'skipped']),
    redis: z.enum(['ok', 'failed', 'skipped']),
    storage: z.enum(['ok', 'failed', 'skipped']),
  }),
  /** What made it not ready, empty when ready. */
  failed: z.array(readinessCheck),
});
export type Readiness = z.infer<typeof readiness>;

export const systemApi = {
  health: endpoint({ method: 'GET', path: '/health', access: 'public', response: health }),
  live: endpoint({ method: 'GET', path: '/health/live', access: 'public', response: liveness }),
  ready: endpoint({ method: 'GET', path: '/health/ready', access: 'public', response: readiness }),
  config: endpoint({ method: 'GET', path: '/config', access: 'public', response: publicConfig }),
};
