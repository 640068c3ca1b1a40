import type { FastifyBaseLogger } from 'fastify';
import { systemClock, type Clock } from './clock.js';

/**
 * Work the server does on its own: timed jobs (`every`: removing abandoned uploads, the daily
 * reminder) and queued ones (`define` + `enqueue`: a push to deliver). Each timed job asks the
 * injected clock what "now" is, so a test moves its TestClock and calls `run(name)` instead of
 * waiting. A failing run is logged; the next one comes anyway.
 *
 * Two runners (decision 12): `InProcessJobs` on PGlite, `PgJobs` (platform/pg-jobs.ts) on
 * PostgreSQL, where several instances share one database and a job runs in one of them only.
 */
export interface Jobs {
  /** Runs `job` once every `intervalMs`, in one instance only; a failure is logged. */
  every(name: string, intervalMs: number, job: () => Promise<unknown>): void;
  /** Runs a timed job now, in this instance, whatever its schedule, and resolves with its result. */
  run(name: string): Promise<unknown>;
  /**
   * What the timer calls: runs the job if its interval has passed (by the injected clock) since
   * it last ran in any instance. True when this call ran it.
   */
  runDue(name: string): Promise<boolean>;
  /** Declares what runs for each payload enqueued under `name`. */
  define<T>(name: string, handler: (payload: T) => Promise<void>): void;
  /**
   * Queues work to run after the caller has answered. The payload must be plain JSON (it is
   * stored as such on PostgreSQL). A failing handler is tried again after a growing pause, up to
   * `RETRIES.limit` more times, then dropped with a log line; nothing is thrown to the caller.
   */
  enqueue<T>(name: string, payload: T): Promise<void>;
  /**
   * Tests: resolves once every queued job (and any it queued) has run, failed retries included:
   * a retry waiting for its pause runs at once.
   */
  drain(): Promise<void>;
  /**
   * Queued jobs not finished yet (waiting, running, or waiting for a retry): this instance's on
   * PGlite, every instance's on PostgreSQL (one queue shared). For the metrics.
   */
  depth(): Promise<number>;
  /** Starts the workers (app.ts: when the server is ready). Enqueueing starts them too. */
  start(): Promise<void>;
  /** Stops the timers and polling, and waits for the jobs that are running. */
  stop(): Promise<void>;
}

/**
 * How early a timed job's tick may come and still count: a timer set for an interval can fire a
 * few milliseconds before the wall clock shows the interval as passed, and would otherwise skip
 * a whole interval.
 */
export const TICK_SLACK_MS = 1_000;

/** How a failed queued job is tried again: `limit` more tries, pauses doubling from `delayMs`. */
export const RETRIES = { limit: 3, delayMs: 5_000 };

/** The pause before try `tries + 1` (tries >= 1): 1×, 2×, 4×… the delay, with up to 2× jitter. */
export function retryPause(tries: number, delayMs: number): number {
  const base = delayMs * 2 ** Math.min(16, tries - 1);
  return base + base * Math.random();
}

/** Told of each failed timed run and each failed try of a queued job (the metrics count them). */
export type JobFailed = (job: string, kind: 'timed' | 'queued') => void;

type Options = {
  clock?: Clock;
  retryLimit?: number;
  retryDelayMs?: number;
  onFailure?: JobFailed;
};

/**
 * The in-process runner (the embedded default: one process owns the database): queued work runs
 * soon after it is enqueued, in this process. What is still queued when the process stops is
 * lost, which is acceptable for what runs here (a push, a clean-up that comes again).
 */
export class InProcessJobs implements Jobs {
  readonly #jobs = new Map<string, { intervalMs: number; job: () => Promise<unknown> }>();
  readonly #nextAt = new Map<string, number>();
  readonly #queues = new Map<string, (payload: unknown) => Promise<void>>();
  readonly #pending = new Set<Promise<void>>();
  readonly #running = new Set<Promise<unknown>>();
  /** Retries waiting for their pause: drain() and stop() end the pause early. */
  readonly #pauses = new Set<() => void>();
  readonly #timers: NodeJS.Timeout[] = [];
  readonly #clock: Clock;
  readonly #retryLimit: number;
  readonly #retryDelayMs: number;
  readonly #onFailure: JobFailed;
  #draining = 0;
  #stopped = false;

  constructor(
    private readonly log: FastifyBaseLogger,
    options: Options = {},
  ) {
    this.#clock = options.clock ?? systemClock;
    this.#retryLimit = options.retryLimit ?? RETRIES.limit;
    this.#retryDelayMs = options.retryDelayMs ?? RETRIES.delayMs;
    this.#onFailure = options.onFailure ?? (() => {});
  }

  every(name: string, intervalMs: number, job: () => Promise<unknown>): void {
    if (this.#jobs.has(name)) throw new Error(`Job ${name} twice`);
    this.#jobs.set(name, { intervalMs, job });
    const timer = setInterval(() => {
      const run = this.runDue(name)
        .catch((error: unknown) => this.log.error({ err: error, job: name }, 'job failed'))
        .finally(() => this.#running.delete(run));
      this.#running.add(run);
    }, intervalMs);
    timer.unref();
    this.#timers.push(timer);
  }

  async run(name: string): Promise<unknown> {
    const entry = this.#jobs.get(name);
    if (!entry) throw new Error(`No job ${name}`);
    return entry.job();
  }

  async runDue(name: string): Promise<boolean> {
    const entry = this.#jobs.get(name);
    if (!entry) throw new Error(`No job ${name}`);
    const now = this.#clock.now().getTime();
    if (now + TICK_SLACK_MS < (this.#nextAt.get(name) ?? -Infinity)) return false;
    this.#nextAt.set(name, now + entry.intervalMs);
    await entry.job().catch((error: unknown) => {
      this.#onFailure(name, 'timed');
      throw error;
    });
    return true;
  }

  define<T>(name: string, handler: (payload: T) => Promise<void>): void {
    if (this.#queues.has(name)) throw new Error(`Queue ${name} twice`);
    this.#queues.set(name, handler as (payload: unknown) => Promise<void>);
  }

  async enqueue<T>(name: string, payload: T): Promise<void> {
    const handler = this.#queues.get(name);
    if (!handler) throw new Error(`No queue ${name}`);
    if (this.#stopped) {
      this.log.warn({ job: name }, 'queued job dropped: the server is stopping');
      return;
    }
    // Through JSON, as PostgreSQL stores it: a payload that would not survive fails here too.
    const data: unknown = JSON.parse(JSON.stringify(payload ?? null));
    const work = this.#attempt(name, handler, data).finally(() => this.#pending.delete(work));
    this.#pending.add(work);
  }

  async #attempt(name: string, handler: (payload: unknown) => Promise<void>, data: unknown) {
    await new Promise<void>((resolve) => setImmediate(resolve));
    for (let tries = 1; ; tries += 1) {
      try {
        await handler(data);
        return;
      } catch (error) {
        this.#onFailure(name, 'queued');
        if (tries > this.#retryLimit) {
          this.log.error({ err: error, job: name, tries }, 'queued job dropped after its last try');
          return;
        }
        this.log.warn(
          { err: error, job: name, tries },
          'queued job failed; it will be tried again',
        );
        await this.#pause(retryPause(tries, this.#retryDelayMs));
        if (this.#stopped) {
          this.log.warn({ job: name, tries }, 'queued job dropped: the server is stopping');
          return;
        }
      }
    }
  }

  #pause(ms: number): Promise<void> {
    if (this.#draining > 0 || this.#stopped) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.#pauses.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      timer.unref();
      this.#pauses.add(done);
    });
  }

  async drain(): Promise<void> {
    this.#draining += 1;
    try {
      for (const wake of [...this.#pauses]) wake();
      while (this.#pending.size > 0) await Promise.all([...this.#pending]);
    } finally {
      this.#draining -= 1;
    }
  }

  async depth(): Promise<number> {
    return this.#pending.size;
  }

  async start(): Promise<void> {}

  async stop(): Promise<void> {
    this.#stopped = true;
    for (const timer of this.#timers) clearInterval(timer);
    for (const wake of [...this.#pauses]) wake();
    await Promise.allSettled([...this.#running, ...this.#pending]);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's jobs (app.ts); tests run a timed one with `app.jobs.run(name)`. */
    jobs: Jobs;
  }
}
