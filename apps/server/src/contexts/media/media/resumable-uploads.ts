import { MEDIA_LIMITS, MEDIA_TUS_PATH } from '@doers/contract';
import { FileStore } from '@tus/file-store';
import { EVENTS, Server as TusServer } from '@tus/server';
import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { badRequest } from '../../../platform/errors.js';
import type { RateLimits } from '../../../platform/rate-limiter.js';
import type { MediaService } from './media.service.js';

const notFound = { status_code: 404, body: 'Upload not found\n' };

/**
 * Resumable uploads with the tus protocol (tus-js-client on the web), for large videos on a
 * bad connection: POST creates an upload (counted by the `upload` rate limit), HEAD says how
 * many bytes arrived, PATCH sends more from there. Every request needs the Authorization header,
 * and only the person who created an upload may touch it. The bytes wait in DATA_DIR/media-uploads
 * until `POST /api/media/uploads/:id/finish` runs them through the same checks as a plain upload.
 */
export async function registerResumableUploads(
  api: FastifyInstance,
  deps: {
    media: MediaService;
    limits: RateLimits;
    authenticate: preHandlerHookHandler;
    /** The folder of uploads in progress (@tus/file-store: the bytes and an info file each). */
    dir: string;
  },
): Promise<void> {
  // Who is calling, for the hooks below, which tus calls without the Fastify request.
  const caller = new AsyncLocalStorage<string>();
  const callerId = () => {
    const id = caller.getStore();
    if (!id) throw notFound;
    return id;
  };

  const tus = new TusServer({
    path: `/api${MEDIA_TUS_PATH}`,
    datastore: new FileStore({ directory: deps.dir }),
    maxSize: MEDIA_LIMITS.videoBytes,
    relativeLocation: true,
    // Same origin only: no CORS headers for other sites.
    allowedOrigins: [],
    namingFunction: () => randomBytes(16).toString('hex'),
    async onUploadCreate(_req, upload) {
      await deps.media.registerResumable(upload.id, callerId(), upload.size ?? 0);
      return {};
    },
    async onIncomingRequest(req, uploadId) {
      if (req.method === 'POST') return;
      if (!(await deps.media.ownsResumable(uploadId, callerId()))) throw notFound;
    },
  });
  tus.on(EVENTS.POST_TERMINATE, (_req, _res, id) => {
    void deps.media.forgetResumable(id).catch((error: unknown) => {
      api.log.error({ err: error }, 'could not forget a cancelled upload');
    });
  });

  await api.register(async (scope) => {
    // tus reads the body itself, from the raw request.
    scope.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) =>
      done(null),
    );
    const handler = async (
      request: Parameters<preHandlerHookHandler>[0],
      reply: Parameters<preHandlerHookHandler>[1],
    ) => {
      const userId = request.auth!.userId;
      if (request.method === 'POST') {
        if (request.headers['upload-defer-length'] !== undefined) {
          throw badRequest('Send Upload-Length: the size must be known when the upload starts');
        }
        await deps.limits.enforce([['upload', userId]], request.ip);
        await deps.media.checkRoomFor(userId, Number(request.headers['upload-length']) || 0);
      }
      reply.hijack();
      reply.raw.setHeader('x-content-type-options', 'nosniff');
      reply.raw.setHeader('cache-control', 'no-store');
      await caller.run(userId, () => tus.handle(request.raw, reply.raw));
    };
    scope.route({
      method: 'POST',
      url: MEDIA_TUS_PATH,
      preHandler: deps.authenticate,
      handler,
    });
    scope.route({
      method: ['HEAD', 'PATCH', 'DELETE'],
      url: `${MEDIA_TUS_PATH}/:uploadId`,
      preHandler: deps.authenticate,
      handler,
    });
  });
}
