import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import rangeParser from 'range-parser';
import { HttpError, notFound } from '../../../platform/errors.js';
import { ObjectNotFound } from '../../../platform/object-storage.js';
import type { ServedFile } from './media-serving.js';
import type { MediaService } from './media.service.js';

// What a served file's answer must be cached as, kept until the media scope's onSend hook puts it
// back over the `no-store` every /api answer gets.
const cacheControls = new WeakMap<FastifyRequest, string>();

export function cacheControlOf(request: FastifyRequest): string | undefined {
  return cacheControls.get(request);
}

/**
 * The one byte range a `Range` header asks of `size` bytes: null to answer the whole file (no
 * header, several ranges, another unit, or no valid range such as `bytes=5-2`, which HTTP says
 * to ignore), 'unsatisfiable' for a range that starts past the end.
 */
function requestedRange(
  header: string | undefined,
  size: number,
): rangeParser.Range | 'unsatisfiable' | null {
  // Several ranges would take a multipart answer: the whole file holds them all.
  if (header === undefined || header.includes(',')) return null;
  // range-parser: the maintained jshttp parser behind Express's `send`, not a regex of our own.
  const ranges = rangeParser(size, header);
  if (ranges === -2) return null;
  if (ranges !== -1) return ranges.type === 'bytes' ? (ranges[0] ?? null) : null;
  // -1 is both a range past the end and no range at all (`bytes=5-2`): only the first is a 416.
  const onAnyFile = rangeParser(Number.MAX_SAFE_INTEGER, header);
  if (onAnyFile === -1 || onAnyFile === -2 || onAnyFile.type !== 'bytes') return null;
  // A suffix longer than the file asks for all of it (RFC 9110 14.1.2), which range-parser 1.2.1
  // calls unsatisfiable.
  if (header.startsWith('bytes=-') && size > 0) return { start: 0, end: size - 1 };
  return 'unsatisfiable';
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
  const range = requestedRange(
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
