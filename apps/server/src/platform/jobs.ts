import type { FastifyBaseLogger } from 'fastify';

/**
 * Work the server does on its own, every so often (removing abandoned uploads). Each job asks
 * the injected clock what "now" is, so a test moves its TestClock and calls `run(name)` instead
 * of waiting. A failing run is logged; the next one comes anyway.
 */
export class Jobs {
  readonly #jobs = new Map<string, () => Promise<unknown>>();
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
