import type { Queryable } from '../db/database.js';
import type { EventBus, EventName, EventStore, Recorded } from './events.js';
import type { OutboxRepository } from './outbox.repository.js';
import { WriteBatcher } from './write-batcher.js';

type Log = {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
};

/** How often every instance looks for events left behind (a crash, a failed handler). */
const SWEEP_EVERY_MS = 1_000;
/** Events taken in one sweep. */
const SWEEP_BATCH = 100;
/** A taken event is another instance's to take again after this, if this one died meanwhile. */
const LEASE_MS = 60_000;
/** A failed handler is tried again after 1 s, 2 s, 4 s… at most an hour apart. */
const MAX_PAUSE_MS = 3_600_000;

export function retryPauseMs(attempts: number): number {
  return Math.min(MAX_PAUSE_MS, 1_000 * 2 ** Math.min(22, Math.max(0, attempts - 1)));
}

/**
 * The transactional outbox (docs/decisions/0018-transactional-outbox.md). An event recorded in a
 * transaction is a row of `event_outbox` committed with the change. Right after the commit this
 * instance runs its listeners (the request waits for them) and deletes the row once every
 * handler has run; what is left (a failed handler, a crash before the delivery) is taken by the
 * sweep of any instance, at least once, until every handler has run.
 */
export class Outbox implements EventStore {
  #timer: NodeJS.Timeout | undefined;
  #sweeping: Promise<void> = Promise.resolve();
  #running = false;
  #again = false;
  #stopped = false;
  /** Rows delivered together are deleted in one statement. */
  readonly #finish = new WriteBatcher<string, true>(
    async (ids) => {
      await this.rows.finish(ids);
      return ids.map(() => true as const);
    },
    { max: 500 },
  );

  constructor(
    private readonly rows: OutboxRepository,
    private readonly bus: EventBus,
    private readonly log: Log,
    /** Tests only: nothing is delivered, as if the process died after each commit. */
    private readonly hold = false,
    /** Seconds from an event's commit to the end of its delivery (the metrics' histogram). */
    private readonly delivered: (seconds: number) => void = () => {},
  ) {}

  insert(q: Queryable, name: EventName, payload: unknown): Promise<string> {
    return this.rows.insert(q, name, payload);
  }

  async deliver(events: Recorded[]): Promise<void> {
    if (this.hold) return;
    const committed = performance.now();
    await Promise.all(
      events.map(async (event) => {
        const { done, failed } = await this.bus.run(event, { id: event.id }, true);
        if (failed) return this.rows.later(event.id, done, retryPauseMs(1));
        await this.#finish.submit(event.id);
        this.delivered((performance.now() - committed) / 1000);
      }),
    );
  }

  /** Starts the sweep; the first one runs at once (what a crash left behind). */
  start(): void {
    if (this.hold || this.#timer) return;
    this.#timer = setInterval(() => this.#sweepSoon(), SWEEP_EVERY_MS);
    this.#timer.unref();
    this.#sweepSoon();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#timer);
    await this.#sweeping;
  }

  /** Delivers what is due now, in batches, until nothing is; answers how many it delivered. */
  async sweep(): Promise<number> {
    let delivered = 0;
    for (;;) {
      if (this.#stopped) return delivered;
      const due = await this.rows.claimDue(SWEEP_BATCH, LEASE_MS);
      if (due.length === 0) return delivered;
      const finished: string[] = [];
      const taken = performance.now();
      for (const row of due) {
        const event = { ...row, name: row.name as EventName };
        const { done, failed } = await this.bus.run(event, { id: row.id }, false);
        if (!failed) {
          finished.push(row.id);
          continue;
        }
        const pause = retryPauseMs(row.attempts);
        this.log.warn(
          { event: row.name, id: row.id, attempts: row.attempts },
          'event delivery failed; it will be tried again',
        );
        await this.rows.later(row.id, done, pause);
      }
      if (finished.length > 0) await this.rows.finish(finished);
      const since = (performance.now() - taken) / 1000;
      for (const row of due) if (finished.includes(row.id)) this.delivered(row.age + since);
      delivered += finished.length;
    }
  }

  /** One sweep at a time per instance: asked during one, another follows it once. */
  #sweepSoon(): void {
    if (this.#stopped) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = true;
    this.#sweeping = (async () => {
      do {
        this.#again = false;
        await this.sweep().catch((error: unknown) =>
          this.log.error({ err: error }, 'outbox sweep failed'),
        );
      } while (this.#again && !this.#stopped);
      this.#running = false;
    })();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The outbox (app.ts); tests sweep it with `app.outbox.sweep()`. */
    outbox: Outbox;
  }
}
