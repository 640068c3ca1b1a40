import { randomUUID } from 'node:crypto';
import type { RealtimeBus } from './realtime-bus.js';

/** The realtime bus's name for cache changes: no person's id looks like it. */
const CHANNEL = '~caches';

/**
 * Changes told to the in-memory caches of every server instance (decision 10, "Reading from
 * memory"): what one instance writes, the others forget or patch. It rides the realtime bus's
 * signals, so it reaches every instance through Redis when REDIS_URL is set, and stays in this
 * process otherwise (one instance). A message missed while Redis was unreachable leaves a page
 * stale until its age limit.
 */
export class CacheBus {
  readonly #instance = randomUUID();
  readonly #handlers = new Map<string, (change: unknown) => void>();

  private constructor(private readonly bus: RealtimeBus) {}

  static async open(bus: RealtimeBus): Promise<CacheBus> {
    const caches = new CacheBus(bus);
    await bus.listen(CHANNEL, (message) => {
      if (message.kind === 'signal') caches.#receive(message.data);
    });
    return caches;
  }

  /** Receives the changes other instances tell `cache`; returns how to tell them one. */
  channel<C>(cache: string, apply: (change: C) => void): (change: C) => void {
    if (this.#handlers.has(cache)) throw new Error(`Cache ${cache} twice`);
    this.#handlers.set(cache, apply as (change: unknown) => void);
    return (change) => {
      const message = JSON.stringify({ from: this.#instance, cache, change });
      // A lost message costs freshness, never the write that caused it.
      this.bus.signal(CHANNEL, message).catch(() => {});
    };
  }

  #receive(data: string): void {
    const { from, cache, change } = JSON.parse(data) as {
      from: string;
      cache: string;
      change: unknown;
    };
    if (from !== this.#instance) this.#handlers.get(cache)?.(change);
  }
}
