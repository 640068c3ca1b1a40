/**
 * What the service worker keeps, and how it answers from it (docs/product/installable-app.md).
 * Pure rules here (tested in offline-cache.test.ts); the Cache API calls in service-worker.ts.
 */

/** The app shell of one build: its page, scripts, styles, icons. One cache per build. */
export const SHELL_PREFIX = 'doers-shell-';
/** Voice notes, photos and videos someone played: kept across builds, dropped on sign-out. */
export { MEDIA_CACHE } from '../lib/sw-messages';
/** At most this many files in the media cache; the oldest put in goes first. */
export const MEDIA_MAX_ENTRIES = 80;
/** A file larger than this (a long video) is played from the network only. */
export const MEDIA_MAX_BYTES = 20 * 1024 * 1024;

export type RequestKind = 'navigation' | 'shell' | 'media' | 'network';

/**
 * How a GET is answered: a page (network first, the cached shell when offline), a file of the
 * shell (cache first), a stored media file (cache first, kept once played), or the network alone
 * (the API, /version.json, other origins).
 */
export function kindOf(url: URL, mode: RequestMode, origin: string): RequestKind {
  if (url.origin !== origin) return 'network';
  if (mode === 'navigate') return url.pathname.startsWith('/api/') ? 'network' : 'navigation';
  if (/^\/api\/media\/[^/]+(\/[^/]+)?$/.test(url.pathname)) return 'media';
  if (url.pathname.startsWith('/api/') || url.pathname === '/version.json') return 'network';
  if (url.pathname === '/sw.js') return 'network';
  return 'shell';
}

/**
 * The key a media file is kept under: its address without the query, whose signature and expiry
 * change while the file itself never does (a stored file's bytes are immutable).
 */
export function mediaKey(url: URL): string {
  return `${url.origin}${url.pathname}`;
}

/** Shell caches a new build may delete: all but its own and the one before it. */
export function staleShellCaches(names: string[], current: string): string[] {
  const shells = names.filter((n) => n.startsWith(SHELL_PREFIX) && n !== current).sort();
  // Keep the newest other one: a page of the previous build, still open, may yet load one of
  // its lazy chunks (the server serves only the new build's files).
  return shells.slice(0, -1);
}

/** `bytes=start-end` of a Range header, resolved against a file of `size` bytes. */
export function parseRange(
  header: string | null,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, from, to] = match;
  if (from === '' && to === '') return null;
  let start: number;
  let end: number;
  if (from === '') {
    // The last `to` bytes.
    start = Math.max(0, size - Number(to));
    end = size - 1;
  } else {
    start = Number(from);
    end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

/**
 * Whether a network answer holds the whole file, and its size: a 200, or a 206 whose range is
 * the entire file (what a media element gets for `Range: bytes=0-`).
 */
export function wholeFileSize(status: number, contentRange: string | null): number | null {
  if (status === 200) return -1; // whole, size unknown until read
  if (status !== 206 || !contentRange) return null;
  const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(contentRange.trim());
  if (!match) return null;
  const [start, end, size] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return start === 0 && end === size - 1 ? size : null;
}
