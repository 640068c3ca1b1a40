import type { PostCounts, PostPage } from '@doers/contract';
import { onCommit, type Queryable } from '../../../db/database.js';
import type { CacheBus } from '../../../platform/cache-bus.js';
import { feedPageJson, type PeaksText } from './feed-json.js';

/**
 * Pages kept at most, which bounds their memory (docs/decisions/0010-feed-timelines.md, "Reading
 * from memory"); the least recently read goes first.
 */
const MAX_PAGES = 3_000;
/**
 * A page is served from memory for at most this long. It bounds what no event announces to this
 * module: a new name or picture of an author, a quest chip's title or visibility, a media URL's
 * day-long signature.
 */
const MAX_AGE_MS = 60_000;

/** What a writer tells every instance's cache (cache-bus.ts). */
export type FeedChange =
  | { op: 'readers'; ids: string[] }
  | { op: 'post'; id: string }
  | {
      op: 'patch';
      id: string;
      counts: PostCounts;
      reader: { id: string; smiled: boolean; hummed: boolean } | undefined;
    }
  | { op: 'clear' };

type Entry = {
  readerId: string;
  /** Its voice notes' waveforms are null here: they are `peaks` (feed-json.ts). */
  page: PostPage;
  peaks: PeaksText;
  /** The page as JSON, made on the first read after a fill or a patch. */
  json: string | null;
  at: number;
};

/**
 * Feed pages kept in memory (docs/decisions/0010-feed-timelines.md, "Reading from memory"). A
 * page is what the database answered; what changes it later is told to the cache precisely, by
 * the repositories that write it (timeline, posts, comments, reactions) and on commit:
 * a reader's timeline changed (a post or hum reached it, vibing or a block) drops that reader's
 * pages; a post's counters changed patches that post wherever it is kept, with the reacting
 * reader's own marks; a post deleted drops every page holding it. A read that overlapped any
 * such change does not fill (`version` is taken before reading), so a page is never older than
 * the last change told. Every change is told to the other instances too (`bus`).
 */
export class FeedCache {
  readonly #pages = new Map<string, Entry>();
  readonly #byReader = new Map<string, Set<string>>();
  readonly #byPost = new Map<string, Set<string>>();
  #version = 0;
  readonly #tell: (change: FeedChange) => void;

  constructor(bus?: CacheBus) {
    this.#tell = bus ? bus.channel<FeedChange>('feed', (c) => this.#apply(c)) : () => {};
  }

  /** Read before reading the database; hand it back to `fill`. */
  get version(): number {
    return this.#version;
  }

  /** The page as JSON text, or undefined when it is not kept (or too old). */
  get(key: string, nowMs: number): string | undefined {
    const entry = this.#pages.get(key);
    if (!entry) return undefined;
    if (nowMs - entry.at > MAX_AGE_MS) {
      this.#drop(key);
      return undefined;
    }
    entry.json ??= feedPageJson(entry.page, entry.peaks);
    // Least recently read first: a Map iterates in insertion order.
    this.#pages.delete(key);
    this.#pages.set(key, entry);
    return entry.json;
  }

  /** Keeps a page read from the database, unless something changed since `version`. */
  fill(key: string, kept: Omit<Entry, 'at'>, version: number, nowMs: number): void {
    if (version !== this.#version) return;
    this.#drop(key);
    if (this.#pages.size >= MAX_PAGES) this.#drop(this.#pages.keys().next().value!);
    this.#pages.set(key, { ...kept, at: nowMs });
    index(this.#byReader, kept.readerId, key);
    for (const post of kept.page.items) index(this.#byPost, post.id, key);
  }

  /**
   * What a repository wrote through `through` changes kept pages: a reader's timeline
   * (`readers`), a post gone or changed beyond a patch (`post`), a post's counters (`patch`).
   * A drop happens at once, so that no read already under way keeps what it read, and again once
   * committed, when every instance is told too; a patch waits for the commit, which is when the
   * counters it carries are true.
   */
  changed(through: Queryable, change: FeedChange): void {
    if (change.op !== 'patch') this.#apply(change);
    onCommit(through, () => this.#change(change));
  }

  /** A change already committed, as an event tells it (app-events.ts). */
  committed(change: FeedChange): void {
    this.#change(change);
  }

  static key(readerId: string, cursor: string | undefined, limit: number): string {
    return `${readerId}|${cursor ?? ''}|${limit}`;
  }

  #change(change: FeedChange): void {
    this.#apply(change);
    this.#tell(change);
  }

  #apply(change: FeedChange): void {
    this.#version++;
    switch (change.op) {
      case 'readers':
        for (const reader of change.ids) {
          for (const key of [...(this.#byReader.get(reader) ?? [])]) this.#drop(key);
        }
        return;
      case 'post':
        for (const key of [...(this.#byPost.get(change.id) ?? [])]) this.#drop(key);
        return;
      case 'patch':
        for (const key of this.#byPost.get(change.id) ?? []) this.#patch(key, change);
        return;
      case 'clear':
        this.#pages.clear();
        this.#byReader.clear();
        this.#byPost.clear();
    }
  }

  #patch(key: string, change: Extract<FeedChange, { op: 'patch' }>): void {
    const entry = this.#pages.get(key)!;
    const reader = change.reader?.id === entry.readerId ? change.reader : undefined;
    for (const post of entry.page.items) {
      if (post.id !== change.id) continue;
      post.counts = change.counts;
      if (reader) post.viewer = { ...post.viewer, smiled: reader.smiled, hummed: reader.hummed };
    }
    entry.json = null;
  }

  #drop(key: string): void {
    const entry = this.#pages.get(key);
    if (!entry) return;
    this.#pages.delete(key);
    unindex(this.#byReader, entry.readerId, key);
    for (const post of entry.page.items) unindex(this.#byPost, post.id, key);
  }
}

function index(map: Map<string, Set<string>>, id: string, key: string): void {
  const keys = map.get(id);
  if (keys) keys.add(key);
  else map.set(id, new Set([key]));
}

function unindex(map: Map<string, Set<string>>, id: string, key: string): void {
  const keys = map.get(id);
  if (!keys) return;
  keys.delete(key);
  if (keys.size === 0) map.delete(id);
}
