import type { PostPage } from '@doers/contract';

/** Pages kept at most; past it the cache starts again (a bound, not an eviction policy). */
const MAX_PAGES = 20_000;
/** A page is served from memory for at most this long: its media URLs carry day-long signatures. */
const MAX_AGE_MS = 60_000;

type Entry = { page: PostPage; generation: number; at: number };

/**
 * Feed pages kept in memory on PGlite (docs/decisions/0010-feed-timelines.md): one process owns
 * the database there, so a page read while the database's write generation stays the same is
 * still exactly what the database would answer. Any write anywhere (a smile, a post, a block, a
 * new name) moves the generation and so retires every page at once: never stale, and cheap to
 * get right, at the price of refilling after each write. A read that overlapped a write does not
 * fill (`generation` is taken before reading).
 */
export class FeedCache {
  readonly #pages = new Map<string, Entry>();

  get(key: string, generation: number, nowMs: number): PostPage | undefined {
    const entry = this.#pages.get(key);
    if (!entry) return undefined;
    if (entry.generation !== generation || nowMs - entry.at > MAX_AGE_MS) {
      this.#pages.delete(key);
      return undefined;
    }
    return entry.page;
  }

  /** Keeps a page read while the database stood at `generation`, if it still stands there. */
  fill(key: string, page: PostPage, generation: number, current: number, nowMs: number): void {
    if (generation !== current) return;
    if (this.#pages.size >= MAX_PAGES) this.#pages.clear();
    this.#pages.set(key, { page, generation, at: nowMs });
  }

  static key(readerId: string, cursor: string | undefined, limit: number): string {
    return `${readerId}|${cursor ?? ''}|${limit}`;
  }
}
