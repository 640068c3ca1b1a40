import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { HttpError, notFound } from '../../platform/errors.js';
import { ObjectNotFound } from '../../platform/object-storage.js';
import type { ServedFile } from './media-serving.js';
import type { MediaService } from './media.service.js';

// What a served file's answer must be cached as, kept until the media scope's onSend hook puts it
// back over the `no-store` every /api answer gets.
const cacheControls = new WeakMap<FastifyRequest, string>();

export function cacheControlOf(request: FastifyRequest): string | undefined {
  return cacheControls.get(request);
}

/**
 * One byte range of a `Range` header over `size` bytes: null to answer the whole file (no
 * header, one we do not take such as several ranges, or an invalid one, which HTTP says to
 * ignore), 'unsatisfiable' for a range that starts past the end.
 */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const last = m[2] === '' ? size - 1 : Number(m[2]);
  if (m[2] !== '' && last < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(last, size - 1) };
}

/**
 * Answers a stored file: exact type, range requests (206, 416), a strong ETag, caching for
 * minutes (public or private as the file is shown now), and headers that keep a browser from ever running
 * it as a page: nosniff (every answer), a CSP that allows nothing, a sandbox, inline disposition
 * with a name of our own.
 */
export async function serveFile(
  media: MediaService,
  file: ServedFile,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Readable | string> {
  // A stored file's bytes never change, but who may see it does (a post hidden or made
  // vibers-only, an account deactivated): caches keep an answer only as long as such a change
  // may take to count.
  const cacheControl = file.isPublic ? 'public, max-age=300' : 'private, max-age=3600';
  cacheControls.set(request, cacheControl);
  const common = {
    'content-type': file.contentType,
    'accept-ranges': 'bytes',
    etag: file.etag,
    'cache-control': cacheControl,
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'; sandbox",
    'content-disposition': `inline; filename="${file.fileName}"`,
    'cross-origin-resource-policy': 'same-origin',
  };
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch && ifNoneMatch.split(/\s*,\s*/).includes(file.etag)) {
    void reply.status(304).headers(common);
    return '';
  }
  const ifRange = request.headers['if-range'];
  const range = parseRange(
    ifRange === undefined || ifRange === file.etag ? request.headers.range : undefined,
    file.size,
  );
  if (range === 'unsatisfiable') {
    throw new HttpError(416, `The range is outside the file (${file.size} bytes)`, undefined, {
      'content-range': `bytes */${file.size}`,
    });
  }
  const stream = await media.openFile(file.key, range ?? undefined).catch((error: unknown) => {
    throw error instanceof ObjectNotFound ? notFound('Media not found') : error;
  });
  void reply.headers(common);
  if (range) {
    void reply
      .status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
      .header('content-length', String(range.end - range.start + 1));
  } else {
    void reply.header('content-length', String(file.size));
  }
  return stream;
}
