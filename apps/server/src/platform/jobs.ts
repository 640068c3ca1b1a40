import type { FastifyBaseLogger } from 'fastify';

/**
 * Work the server does on its own: timed jobs (`every`: removing abandoned uploads, the daily
 * reminder) and queued ones (`define` + `enqueue`: a push to deliver). Each timed job asks the
 * injected clock what "now" is, so a test moves its TestClock and calls `run(name)` instead of
 * waiting. A failing run is logged; the next one comes anyway.
 *
 * This is the in-process runner (the embedded default): queued work runs soon after it is
 * enqueued, in this process, and `drain()` waits for all of it (tests).
 */
export class Jobs {
  readonly #jobs = new Map<string, () => Promise<unknown>>();
  readonly #queues = new Map<string, (payload: unknown) => Promise<void>>();
  readonly #pending = new Set<Promise<void>>();
  readonly #timers: NodeJS.Timeout[] = [];

  constructor(private readonly log: FastifyBaseLogger) {}

  every(name: string, intervalMs: number, job: () => Promise<unknown>): void {
    if (this.#jobs.has(name)) throw new Error(`Job ${name} twice`);
    this.#jobs.set(name, job);
    const timer = setInterval(() => {
      this.run(name).catch((error: unknown) =>
        this.log.error({ err: error, job: name }, 'job failed'),
      );
    }, intervalMs);
    timer.unref();
    this.#timers.push(timer);
  }

  /** Runs a job now and resolves with what it returned. */
  async run(name: string): Promise<unknown> {
    const job = this.#jobs.get(name);
    if (!job) throw new Error(`No job ${name}`);
    return job();
  }

  /** Declares what runs for each payload enqueued under `name`. */
  define<T>(name: string, handler: (payload: T) => Promise<void>): void {
    if (this.#queues.has(name)) throw new Error(`Queue ${name} twice`);
    this.#queues.set(name, handler as (payload: unknown) => Promise<void>);
  }

  /** Queues work to run after the caller has answered; a failure is logged, never thrown. */
  async enqueue<T>(name: string, payload: T): Promise<void> {
    const handler = this.#queues.get(name);
    if (!handler) throw new Error(`No queue ${name}`);
    const run = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => handler(payload))
      .catch((error: unknown) => this.log.error({ err: error, job: name }, 'queued job failed'))
      .finally(() => this.#pending.delete(run));
    this.#pending.add(run);
  }

  /** Resolves once every queued job (and any it queued) has run. */
  async drain(): Promise<void> {
    while (this.#pending.size > 0) await Promise.all([...this.#pending]);
  }

  stop(): void {
    for (const timer of this.#timers) clearInterval(timer);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's timed jobs (app.ts); tests run one with `app.jobs.run(name)`. */
    jobs: Jobs;
  }
}
