import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { RateLimits } from '../../../platform/rate-limiter.js';
import type { Route } from '../../../platform/router.js';
import { mediaRoutes } from './media.routes.js';
import type { MediaService } from './media.service.js';
import { registerResumableUploads } from './resumable-uploads.js';
import { cacheControlOf } from './serve-file.js';

/**
 * The media endpoints in a scope of their own under /api: multipart parsing and the tus
 * endpoint exist only here, and a stored file keeps its long-lived Cache-Control where every
 * other /api answer gets `no-store` (security-headers.ts runs first; this scope's hook after).
 */
export async function registerMediaHttp(
  api: FastifyInstance,
  deps: {
    media: MediaService;
    limits: RateLimits;
    authenticate: preHandlerHookHandler;
    routerFor: (scope: FastifyInstance) => Route;
    resumableDir: string;
  },
): Promise<void> {
  await api.register(async (scope) => {
    // Sizes are checked per upload (receive-upload.ts); this caps what busboy will buffer.
    await scope.register(multipart, { limits: { fieldSize: 1024, headerPairs: 100 } });
    await registerResumableUploads(scope, {
      media: deps.media,
      limits: deps.limits,
      authenticate: deps.authenticate,
      dir: deps.resumableDir,
    });
    mediaRoutes(deps.routerFor(scope), { media: deps.media, limits: deps.limits });
    scope.addHook('onSend', async (request: FastifyRequest, reply) => {
      const cacheControl = cacheControlOf(request);
      if (cacheControl && reply.statusCode < 400) void reply.header('cache-control', cacheControl);
    });
  });
}
