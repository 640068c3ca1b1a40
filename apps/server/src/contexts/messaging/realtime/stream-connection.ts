import { compareIds, type Backlog, type BusMessage } from '../../../platform/realtime-bus.js';

/** Where a connection writes: the HTTP response, as text/event-stream. */
export type StreamSink = {
  /** False when the socket's buffer is full (the caller checks `buffered`). */
  write(chunk: string): boolean;
  /** Bytes written but not yet sent. */
  buffered(): number;
  end(): void;
};

/** The bus carries each event as its SSE lines without the id: `event: …\ndata: …\n`. */
export const sseFragment = (type: string, json: string) => `event: ${type}\ndata: ${json}\n`;
const isUnreadCounts = (fragment: string) => fragment.startsWith('event: unread-counts\n');

/**
 * One open stream of one signed-in client. Until it has caught up (the backlog written), live
 * events wait in `pending`; afterwards each is written once, in id order, never an id twice.
 */
export class StreamConnection {
  #lastId: string | undefined;
  #pending: BusMessage[] | undefined = [];
  #closed = false;
  unlisten: (() => void) | undefined;

  constructor(
    readonly userId: string,
    readonly sessionId: string,
    /** When its access token expires: the stream ends then, the client reconnects. */
    readonly expiresAt: number | undefined,
    private readonly sink: StreamSink,
    private readonly onClose: (connection: StreamConnection) => void,
    private readonly onSignal: (connection: StreamConnection, data: string) => void,
  ) {}

  get closed(): boolean {
    return this.#closed;
  }

  receive(message: BusMessage): void {
    if (this.#closed) return;
    // Until caught up, signals wait too: the current counts are always the first event.
    if (this.#pending) {
      this.#pending.push(message);
      return;
    }
    if (message.kind === 'signal') return this.onSignal(this, message.data);
    this.#writeEvent(message.id, message.data);
  }

  /** An event without an id: never replayed, and no place in the order Last-Event-ID keeps. */
  writeUnkept(fragment: string): void {
    if (!this.#closed) this.sink.write(`${fragment}\n`);
  }

  /**
   * The first event is always the current unread counts. A fresh connection starts at the
   * stream's newest id. A resumed one writes what it missed (older counts left out: these are
   * newer); one that cannot be replayed fully is told to `resync` (the client refetches).
   */
  catchUp(counts: string, backlog: Backlog, afterId: string | undefined): void {
    if (this.#closed) return;
    const replay = afterId !== undefined && backlog.complete;
    if (replay) {
      this.#lastId = afterId;
      this.sink.write(`${counts}\n`);
      for (const entry of backlog.entries) {
        if (isUnreadCounts(entry.data)) this.#lastId = entry.id;
        else this.#writeEvent(entry.id, entry.data);
      }
    } else {
      this.#lastId = backlog.position;
      this.sink.write(`id: ${backlog.position}\n${counts}\n`);
    }
    const pending = this.#pending ?? [];
    this.#pending = undefined;
    for (const message of pending) this.receive(message);
  }

  /** A comment line: proxies see traffic; a client that stopped reading is let go. */
  heartbeat(now: number): void {
    if (this.#closed) return;
    if (this.expiresAt !== undefined && now >= this.expiresAt) return this.close();
    if (this.sink.buffered() > 1024 * 1024) return this.close();
    this.sink.write(':\n\n');
  }

  /** Ends the stream; with `retryMs`, first tells the client when to reconnect (SSE `retry:`). */
  close(retryMs?: number): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#pending = undefined;
    this.unlisten?.();
    if (retryMs !== undefined) this.sink.write(`retry: ${Math.round(retryMs)}\n\n`);
    this.sink.end();
    this.onClose(this);
  }

  #writeEvent(id: string, fragment: string): void {
    if (this.#lastId !== undefined && compareIds(id, this.#lastId) <= 0) return;
    this.#lastId = id;
    this.sink.write(`id: ${id}\n${fragment}\n`);
  }
}
