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

export const systemApi = {
  health: endpoint({ method: 'GET', path: '/health', access: 'public', response: health }),
  config: endpoint({ method: 'GET', path: '/config', access: 'public', response: publicConfig }),
};
