/**
 * The transport under the realtime stream (docs/decisions/0011-realtime-stream.md): each person
 * has a short stream of recent events, appended to on any instance and delivered live to every
 * instance that has that person connected. In process by default; through Redis (streams for
 * replay, pub/sub for delivery) when REDIS_URL is set: redis-realtime-bus.ts.
 *
 * Event ids are `<ms>-<seq>`, as Redis stream ids: ordered per person, which is what
 * Last-Event-ID needs to replay what a dropped connection missed.
 */

/** What a listener receives: an event kept for replay (with its id), or a signal (not kept). */
export type BusMessage =
  { kind: 'event'; id: string; data: string } | { kind: 'signal'; data: string };
export type BusListener = (message: BusMessage) => void;

/** What a (re)connection needs to catch up. */
export type Backlog = {
  /** The newest id of the person's stream: where a fresh connection starts. */
  position: string;
  /** The events after `afterId`, oldest first. */
  entries: { id: string; data: string }[];
  /** False when some events after `afterId` may be gone (too old, too many, unknown id). */
  complete: boolean;
};

export interface RealtimeBus {
  /** Appends to the person's stream and delivers it to their listeners everywhere: its id. */
  publish(userId: string, data: string): Promise<string>;
  /** Delivers to the person's listeners everywhere, without keeping it (ending a session). */
  signal(userId: string, data: string): Promise<void>;
  /** Listens to the person's messages on this instance; resolves once listening. */
  listen(userId: string, listener: BusListener): Promise<() => void>;
  /** The person's events after `afterId` (none without it), and their stream's position. */
  backlog(userId: string, afterId: string | undefined): Promise<Backlog>;
  /**
   * Whether an event for the person might reach someone now: false only when the bus knows that
   * nobody listens anywhere (one process, none of their streams open).
   */
  listening(userId: string): boolean;
  /**
   * Keeps an event for replay that nobody is listening to now (`listening` said so), built only
   * if a resume asks for it: what it shows is then read as it is at that moment.
   */
  keep(userId: string, build: () => Promise<string | null>): Promise<void>;
  close(): Promise<void>;
}

/** How much of a person's stream is kept for replay: the newest events, for a day. */
export const REPLAY = { maxEvents: 100, ttlMs: 24 * 60 * 60_000 };

const ID = /^(\d{1,16})-(\d{1,16})$/;

export function isEventId(value: string): boolean {
  return ID.test(value);
}

/** Orders two event ids: negative when `a` came first. */
export function compareIds(a: string, b: string): number {
  const [, am = '0', as = '0'] = ID.exec(a) ?? [];
  const [, bm = '0', bs = '0'] = ID.exec(b) ?? [];
  const ms = BigInt(am) - BigInt(bm);
  const diff = ms !== 0n ? ms : BigInt(as) - BigInt(bs);
  return diff < 0n ? -1 : diff > 0n ? 1 : 0;
}

export const idTime = (id: string): number => Number(ID.exec(id)?.[1] ?? 0);

/** An event's text, or how to build it when a resume asks (`keep`). */
type Entry = { id: string; data: string | (() => Promise<string | null>); at: number };
type Stream = { entries: Entry[]; trimmedTo: string };

/**
 * One process: the streams live in memory. An id from before this process started (a restart)
 * or from a stream forgotten since is "incomplete": the client refetches its lists.
 */
export class MemoryRealtimeBus implements RealtimeBus {
  readonly #streams = new Map<string, Stream>();
  readonly #listeners = new Map<string, Set<BusListener>>();
  readonly #firstId: string;
  #last = { ms: 0, seq: 0 };
  /** Above every id of a stream dropped as idle: a resume from below it may have lost some. */
  #forgottenTo = '0-0';
  readonly #sweeper: NodeJS.Timeout;

  constructor(private readonly now: () => number = Date.now) {
    this.#firstId = this.#nextId();
    this.#sweeper = setInterval(() => this.#sweep(), 10 * 60_000);
    this.#sweeper.unref();
  }

  async publish(userId: string, data: string): Promise<string> {
    const id = this.#append(userId, data);
    this.#deliver(userId, { kind: 'event', id, data });
    return id;
  }

  async signal(userId: string, data: string): Promise<void> {
    this.#deliver(userId, { kind: 'signal', data });
  }

  async listen(userId: string, listener: BusListener): Promise<() => void> {
    const set = this.#listeners.get(userId) ?? new Set();
    this.#listeners.set(userId, set);
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.#listeners.get(userId) === set) this.#listeners.delete(userId);
    };
  }

  async backlog(userId: string, afterId: string | undefined): Promise<Backlog> {
    const stream = this.#streams.get(userId);
    const position = stream?.entries.at(-1)?.id ?? this.#lastId();
    if (afterId === undefined) return { position, entries: [], complete: true };
    const entries: Backlog['entries'] = [];
    for (const { id, data } of stream?.entries ?? []) {
      if (compareIds(id, afterId) <= 0) continue;
      const text = typeof data === 'string' ? data : await data();
      if (text !== null) entries.push({ id, data: text });
    }
    const complete =
      isEventId(afterId) &&
      compareIds(afterId, this.#firstId) >= 0 &&
      compareIds(afterId, this.#lastId()) <= 0 &&
      compareIds(stream?.trimmedTo ?? this.#forgottenTo, afterId) <= 0 &&
      compareIds(this.#forgottenTo, afterId) <= 0;
    return { position, entries, complete };
  }

  listening(userId: string): boolean {
    return this.#listeners.has(userId);
  }

  async keep(userId: string, build: () => Promise<string | null>): Promise<void> {
    this.#append(userId, build);
  }

  async close(): Promise<void> {
    clearInterval(this.#sweeper);
    this.#listeners.clear();
  }

  #append(userId: string, data: Entry['data']): string {
    const id = this.#nextId();
    const stream = this.#streams.get(userId) ?? { entries: [], trimmedTo: '0-0' };
    this.#streams.set(userId, stream);
    stream.entries.push({ id, data, at: this.now() });
    const cutoff = this.now() - REPLAY.ttlMs;
    while (
      stream.entries.length > REPLAY.maxEvents ||
      (stream.entries[0] && stream.entries[0].at < cutoff)
    ) {
      stream.trimmedTo = stream.entries.shift()!.id;
    }
    return id;
  }

  #deliver(userId: string, message: BusMessage): void {
    for (const listener of this.#listeners.get(userId) ?? []) listener(message);
  }

  #nextId(): string {
    const ms = this.now();
    this.#last =
      ms > this.#last.ms ? { ms, seq: 0 } : { ms: this.#last.ms, seq: this.#last.seq + 1 };
    return this.#lastId();
  }

  #lastId(): string {
    return `${this.#last.ms}-${this.#last.seq}`;
  }

  /** Streams whose newest event is older than the replay window are dropped whole. */
  #sweep(): void {
    const cutoff = this.now() - REPLAY.ttlMs;
    for (const [userId, stream] of this.#streams) {
      const newest = stream.entries.at(-1);
      if (newest && newest.at >= cutoff) continue;
      if (newest && compareIds(newest.id, this.#forgottenTo) > 0) this.#forgottenTo = newest.id;
      this.#streams.delete(userId);
    }
  }
}
