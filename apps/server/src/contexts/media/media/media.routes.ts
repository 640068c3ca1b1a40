import { mediaApi } from '@doers/contract';
import type { Readable } from 'node:stream';
import type { RateLimits } from '../../../platform/rate-limiter.js';
import type { Route } from '../../../platform/router.js';
import type { MediaService } from './media.service.js';
import { receiveUpload } from './receive-upload.js';
import { serveFile } from './serve-file.js';

/**
 * The file endpoints answer bytes, not JSON: the router hands what a handler returns to Fastify,
 * which streams it. Their contract response is null (nothing to parse), hence this one cast.
 */
const bytes = (answer: Promise<Readable | string>): Promise<void> =>
  answer as unknown as Promise<void>;

export function mediaRoutes(route: Route, deps: { media: MediaService; limits: RateLimits }): void {
  const { media } = deps;

  route(mediaApi.upload, async ({ auth, query, request }) => {
    await deps.limits.enforce([['upload', auth.userId]], request.ip);
    // The body's length is the file's and a few hundred bytes of form: near enough to refuse
    // before receiving anything.
    await media.checkRoomFor(auth.userId, Number(request.headers['content-length']) || 0);
    return media.withWorkDir(async (dir) => {
      const file = await receiveUpload(request, dir, media.maxBytesFor(query.purpose));
      return media.accept(auth.userId, query.purpose, file, dir);
    });
  });

  route(mediaApi.finishResumable, ({ auth, params, body }) =>
    media.finishResumable(auth.userId, params.uploadId, body.purpose),
  );

  route(mediaApi.remove, ({ auth, params }) => media.remove(auth.userId, params.id));

  route(mediaApi.file, ({ auth, params, query, request, reply }) =>
    bytes(
      media
        .file(params.id, null, { userId: auth?.userId ?? null, ...query })
        .then((file) => serveFile(media, file, request, reply)),
    ),
  );

  route(mediaApi.variant, ({ auth, params, query, request, reply }) =>
    bytes(
      media
        .file(params.id, params.variant, { userId: auth?.userId ?? null, ...query })
        .then((file) => serveFile(media, file, request, reply)),
    ),
  );
}
