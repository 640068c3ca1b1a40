import {
  EVENTS_PATH,
  STREAM_HEARTBEAT_SECONDS,
  streamEventSchemas,
  type StreamEvent,
} from '@doers/contract';
import type { EventSourceMessage } from 'eventsource-parser';

/** What the stream needs of the API client: the tokens, and the one shared refresh. */
export interface StreamAuth {
  readonly baseUrl: string;
  currentTokens(): { accessToken: string | null; refreshToken: string | null };
  /** True once fresh tokens are there; false when the session is over (the client signs out). */
  refreshAfter401(sentToken: string | null, sentRefresh: string | null): Promise<boolean>;
}

export interface RealtimeOptions {
  auth: StreamAuth;
  onEvent: (event: StreamEvent) => void;
  fetch?: typeof fetch;
  /** Backoff after a failure: doubled each time from `minDelayMs` up to `maxDelayMs`. */
  minDelayMs?: number;
  maxDelayMs?: number;
  /** No byte (not even a heartbeat) for this long: the line is dead, reconnect. */
  silenceMs?: number;
  /** Where online/offline are heard (window in the app). */
  network?: Pick<Window, 'addEventListener' | 'removeEventListener'> & {
    navigator?: { onLine: boolean };
  };
}

/**
 * The signed-in client's one stream (docs/product/realtime.md): `fetch` with the bearer token
 * (never in the address), read as Server-Sent Events, each event checked against the contract.
 * It reconnects on its own with backoff, sending Last-Event-ID so the server replays what was
 * missed; a 401 refreshes the tokens first; offline it waits for the network to come back.
 */
export class RealtimeConnection {
  #lastEventId: string | undefined;
  #controller: AbortController | undefined;
  #stopped = true;
  #failures = 0;
  #justRefreshed = false;
  #wake: (() => void) | undefined;
  readonly #options: Required<Omit<RealtimeOptions, 'network'>> & Pick<RealtimeOptions, 'network'>;

  constructor(options: RealtimeOptions) {
    this.#options = {
      fetch: (...args) => globalThis.fetch(...args),
      minDelayMs: 1000,
      maxDelayMs: 30_000,
      silenceMs: STREAM_HEARTBEAT_SECONDS * 2500,
      ...options,
    };
  }

  /** The id the next connection resumes from. */
  get lastEventId(): string | undefined {
    return this.#lastEventId;
  }

  start(): void {
    if (!this.#stopped) return;
    this.#stopped = false;
    this.#options.network?.addEventListener('online', this.#online);
    void this.#run();
  }

  stop(): void {
    this.#stopped = true;
    this.#options.network?.removeEventListener('online', this.#online);
    this.#controller?.abort();
    this.#wake?.();
  }

  readonly #online = () => {
    this.#failures = 0;
    this.#wake?.();
  };

  async #run(): Promise<void> {
    while (!this.#stopped) {
      if (this.#options.network?.navigator?.onLine === false) {
        await this.#sleep(Infinity); // until 'online' (or stop)
        continue;
      }
      const outcome = await this.#connectOnce();
      if (this.#stopped || outcome === 'signed-out') break;
      if (outcome === 'refreshed') continue;
      this.#failures = outcome === 'ended' ? 0 : this.#failures + 1;
      const { minDelayMs, maxDelayMs } = this.#options;
      const delay = Math.min(maxDelayMs, minDelayMs * 2 ** Math.max(0, this.#failures - 1));
      // Jitter, so that a server restart is not met by every client in the same millisecond.
      await this.#sleep(delay * (0.5 + Math.random() / 2));
    }
  }

  /** One connection, until it ends: how it ended decides what comes next. */
  async #connectOnce(): Promise<'ended' | 'failed' | 'refreshed' | 'signed-out'> {
    const { accessToken, refreshToken } = this.#options.auth.currentTokens();
    if (!accessToken && !refreshToken) return 'signed-out';
    const controller = new AbortController();
    this.#controller = controller;
    let silence: ReturnType<typeof setTimeout> | undefined;
    const heard = () => {
      clearTimeout(silence);
      silence = setTimeout(() => controller.abort(), this.#options.silenceMs);
    };
    try {
      heard();
      // Loaded with the first stream, not with the sign-in page: the parser stays out of its load.
      const { createParser } = await import('eventsource-parser');
      const response = await this.#options.fetch(`${this.#options.auth.baseUrl}${EVENTS_PATH}`, {
        headers: {
          Accept: 'text/event-stream',
          ...(accessToken ? { Authorization: `Bearer ${accessToken}` } : {}),
          ...(this.#lastEventId ? { 'Last-Event-ID': this.#lastEventId } : {}),
        },
        cache: 'no-store',
        signal: controller.signal,
      });
      if (response.status === 401) {
        // Refreshed once already and still refused: wait like any failure rather than loop.
        if (this.#justRefreshed) return 'failed';
        const fresh = await this.#options.auth.refreshAfter401(accessToken, refreshToken);
        this.#justRefreshed = fresh;
        return fresh ? 'refreshed' : 'signed-out';
      }
      this.#justRefreshed = false;
      if (!response.ok || !response.body) return 'failed';
      this.#failures = 0;
      // Every chunk counts as heard, heartbeat comments included: the parser drops comments.
      const parser = createParser({ onEvent: (message) => this.#received(message) });
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return 'ended';
        heard();
        parser.feed(value);
      }
    } catch {
      return 'failed';
    } finally {
      clearTimeout(silence);
      controller.abort();
    }
  }

  /**
   * An event's id is where the next connection resumes; its data must match the schema its
   * `event:` names (an unknown name is skipped: a newer server may send more kinds).
   */
  #received({ id, event = 'message', data }: EventSourceMessage): void {
    if (id !== undefined) this.#lastEventId = id;
    if (!Object.hasOwn(streamEventSchemas, event)) return;
    const schema = streamEventSchemas[event as StreamEvent['type']];
    const parsed = schema.safeParse(safeJson(data));
    if (parsed.success) this.#options.onEvent(parsed.data);
  }

  #sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = Number.isFinite(ms) ? setTimeout(done, ms) : undefined;
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.#wake = () => {
        this.#wake = undefined;
        done();
      };
    });
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
