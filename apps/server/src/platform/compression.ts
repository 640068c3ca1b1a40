import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** An answer shorter than this goes as it is: compressing it saves less than it costs. */
export const COMPRESS_MIN_BYTES = 1024;
/**
 * Brotli's level for answers made per request (the API's JSON): the knee of size against CPU on
 * a feed page (docs/decisions/0015-first-screen-on-a-phone.md). Files of the built app are
 * compressed once at build time at the highest level instead.
 */
export const API_BROTLI_QUALITY = 4;

/**
 * Compresses what the API answers when the client accepts it (Brotli, else gzip), above
 * COMPRESS_MIN_BYTES, with `Vary: Accept-Encoding`. Media (audio, images, video) are not
 * compressible types and go as they are; the realtime stream is answered outside Fastify and is
 * never buffered by a compressor. The built app's files come precompressed (web-app.ts).
 */
export async function compressAnswers(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_MIN_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: API_BROTLI_QUALITY,
      },
    },
    zlibOptions: { level: 6 },
  });
}
