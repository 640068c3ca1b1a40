import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Queryable } from '../db/database.js';
import type { Clock } from './clock.js';
import { JobLeasesRepository } from './job-leases.repository.js';
import { JobQueueRepository } from './job-queue.repository.js';
import { RETRIES, TICK_SLACK_MS, type JobFailed, type Jobs } from './jobs.js';

export type PgJobsOptions = {
  /** The app's DATABASE_URL: pg-boss opens a small pool of its own on it. */
  connectionString: string;
  /** pg-boss's schema: `pgboss`, or one per test app so parallel tests never share a queue. */
  schema: string;
  /** The app's database, for the timed jobs' leases (job_leases, migration 017). */
  db: Queryable;
  clock: Clock;
  log: FastifyBaseLogger;
  retryLimit?: number;
  /** The first pause before a retry, in whole seconds (pg-boss doubles it each time). */
  retryDelaySeconds?: number;
  /** How often an idle worker asks for work (at least 0.5 s). */
  pollingSeconds?: number;
  onFailure?: JobFailed;
};

/**
 * The schema of the job queue's tables: beside the app's own schema when that is not `public`
 * (each test app's, given as `appSchema`; or the first of the URL's search_path: a deployment
 * sharing a database, a test's server process), so that two apps never take each other's jobs;
 * `pgboss` otherwise.
 */
export function queueSchemaFor(databaseUrl: string, appSchema?: string): string {
  let schema = appSchema;
  if (!schema && URL.canParse(databaseUrl)) {
    const options = new URL(databaseUrl).searchParams.get('options') ?? '';
    schema = /search_path\s*=\s*"?([A-Za-z_]\w*)/.exec(options)?.[1];
  }
  return schema && schema !== 'public' ? `${schema}_jobs` : 'pgboss';
}

/** Jobs of one queue an instance runs at once. */
const BATCH = 5;
/** How long stop() lets running handlers finish before pg-boss marks them failed (retried). */
const STOP_TIMEOUT_MS = 8_000;

/**
 * The runner on PostgreSQL (decision 12), safe with many server instances on one database.
 * Queued jobs go through pg-boss: each is fetched by one instance (`FOR UPDATE SKIP LOCKED`),
 * retried with a growing pause, kept when the process dies. Timed jobs tick in every instance,
 * and a lease row per job (job_leases) lets one instance per interval run it, by the injected
 * clock.
 */
export class PgJobs implements Jobs {
  readonly #boss: PgBoss;
  readonly #leases: JobLeasesRepository;
  readonly #queue: JobQueueRepository;
  readonly #timed = new Map<string, { intervalMs: number; job: () => Promise<unknown> }>();
  readonly #handlers = new Map<string, (payload: unknown) => Promise<void>>();
  /** Queue name → this instance's worker id, once it listens. */
  readonly #workers = new Map<string, string>();
  /** Queue name → its set-up (queue created, worker started), made once. */
  readonly #listening = new Map<string, Promise<void>>();
  /** Timed runs, enqueues and late queue set-ups in flight: stop() and drain() wait for them. */
  readonly #inFlight = new Set<Promise<unknown>>();
  readonly #timers: NodeJS.Timeout[] = [];
  readonly #clock: Clock;
  readonly #log: FastifyBaseLogger;
  readonly #retryLimit: number;
  readonly #retryDelaySeconds: number;
  readonly #pollingSeconds: number;
  readonly #onFailure: JobFailed;
  #starting: Promise<void> | undefined;
  #stopped = false;

  constructor(options: PgJobsOptions) {
    this.#clock = options.clock;
    this.#log = options.log;
    this.#retryLimit = options.retryLimit ?? RETRIES.limit;
    this.#retryDelaySeconds = options.retryDelaySeconds ?? RETRIES.delayMs / 1000;
    this.#pollingSeconds = options.pollingSeconds ?? 2;
    this.#onFailure = options.onFailure ?? (() => {});
    this.#boss = new PgBoss({
      connectionString: options.connectionString,
      schema: options.schema,
      application_name: 'doers-jobs',
      max: 4,
      // Timed jobs are ours (leases by the injected clock), not pg-boss's cron.
      schedule: false,
      retryLimit: this.#retryLimit,
      retryDelay: this.#retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: 15 * 60,
    });
    // Connection losses and failed polls arrive here; pg-boss retries on its own.
    this.#boss.on('error', (error: Error) => this.#log.error({ err: error }, 'job queue error'));
    this.#leases = new JobLeasesRepository(options.db);
    this.#queue = new JobQueueRepository(this.#boss.getDb(), options.schema);
  }

  every(name: string, intervalMs: number, job: () => Promise<unknown>): void {
    if (this.#timed.has(name)) throw new Error(`Job ${name} twice`);
    this.#timed.set(name, { intervalMs, job });
    // Every instance ticks once an interval, each at its own phase: the lease decides who runs.
    const timer = setInterval(() => {
      this.#track(
        this.runDue(name).catch((error: unknown) =>
          this.#log.error({ err: error, job: name }, 'job failed'),
        ),
      );
    }, intervalMs);
    timer.unref();
    this.#timers.push(timer);
  }

  async run(name: string): Promise<unknown> {
    const entry = this.#timed.get(name);
    if (!entry) throw new Error(`No job ${name}`);
    return entry.job();
  }

  async runDue(name: string): Promise<boolean> {
    const entry = this.#timed.get(name);
    if (!entry) throw new Error(`No job ${name}`);
    const now = this.#clock.now();
    const next = new Date(now.getTime() + entry.intervalMs);
    // A timer may fire a hair before the clock shows the interval over: that still counts.
    const due = new Date(now.getTime() + TICK_SLACK_MS);
    if (!(await this.#leases.claim(name, due, next))) return false;
    await entry.job().catch((error: unknown) => {
      this.#onFailure(name, 'timed');
      throw error;
    });
    return true;
  }

  define<T>(name: string, handler: (payload: T) => Promise<void>): void {
    if (this.#handlers.has(name)) throw new Error(`Queue ${name} twice`);
    this.#handlers.set(name, handler as (payload: unknown) => Promise<void>);
    // Defined after start: listen once pg-boss is up.
    if (this.#starting) {
      const listen = this.#starting.then(() => this.#listen(name));
      this.#track(
        listen.catch((error: unknown) =>
          this.#log.error({ err: error, job: name }, 'queue failed'),
        ),
      );
    }
  }

  async enqueue<T>(name: string, payload: T): Promise<void> {
    if (!this.#handlers.has(name)) throw new Error(`No queue ${name}`);
    if (this.#stopped) {
      this.#log.warn({ job: name }, 'queued job dropped: the server is stopping');
      return;
    }
    const sent = (async () => {
      await this.start();
      await this.#listen(name);
      // JSON as stored: `undefined` would be refused, null is what it means.
      await this.#boss.send(name, (payload ?? null) as object);
      // This instance's worker may be sleeping between polls: have it look now.
      const worker = this.#workers.get(name);
      if (worker) this.#boss.notifyWorker(worker);
    })();
    this.#track(sent);
    await sent;
  }

  async drain(): Promise<void> {
    await this.start();
    for (;;) {
      while (this.#inFlight.size > 0) await Promise.allSettled([...this.#inFlight]);
      const unfinished = await this.#queue.unfinished([...this.#handlers.keys()]);
      if (unfinished === 0 && this.#inFlight.size === 0) return;
      for (const worker of this.#workers.values()) this.#boss.notifyWorker(worker);
      // Another instance may hold the work: look again shortly.
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  async depth(): Promise<number> {
    // Before start, pg-boss has no connection: nothing was queued through this instance yet.
    if (!this.#starting || this.#stopped) return 0;
    await this.#starting;
    return this.#queue.depth([...this.#handlers.keys()]);
  }

  start(): Promise<void> {
    this.#starting ??= (async () => {
      if (this.#stopped) throw new Error('The job queue is stopped');
      await this.#boss.start();
      for (const name of this.#handlers.keys()) await this.#listen(name);
    })();
    return this.#starting;
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    for (const timer of this.#timers) clearInterval(timer);
    await Promise.allSettled([...this.#inFlight]);
    if (!this.#starting) return;
    await this.#starting.catch(() => {});
    // Waits for running handlers; one still running at the timeout is failed, so retried later.
    await this.#boss.stop({ graceful: true, wait: true, timeout: STOP_TIMEOUT_MS });
  }

  /** Creates the queue (idempotent: another instance may have) and starts this instance's worker. */
  #listen(name: string): Promise<void> {
    let listening = this.#listening.get(name);
    if (!listening) {
      listening = this.#setUp(name);
      this.#listening.set(name, listening);
    }
    return listening;
  }

  async #setUp(name: string): Promise<void> {
    const handler = this.#handlers.get(name);
    if (!handler || this.#stopped) return;
    await this.#createQueue(name);
    // A batch runs side by side; each job is failed (so retried) on its own, and pg-boss then
    // completes the rest. A full batch means more may wait: fetch again at once, not after a poll.
    const id = await this.#boss.work<unknown>(
      name,
      { includeMetadata: true, batchSize: BATCH, pollingIntervalSeconds: this.#pollingSeconds },
      async (batch) => {
        await Promise.all(batch.map((job) => this.#handle(name, handler, job)));
        const self = this.#workers.get(name);
        if (batch.length === BATCH && self) this.#boss.notifyWorker(self);
      },
    );
    this.#workers.set(name, id);
  }

  async #handle(
    name: string,
    handler: (payload: unknown) => Promise<void>,
    job: PgBoss.JobWithMetadata<unknown>,
  ): Promise<void> {
    try {
      await handler(job.data);
    } catch (error) {
      this.#onFailure(name, 'queued');
      // retryCount is 0 on the first try; the last try is the one at the limit.
      const tries = job.retryCount + 1;
      if (job.retryCount >= job.retryLimit) {
        this.#log.error({ err: error, job: name, tries }, 'queued job dropped after its last try');
      } else {
        this.#log.warn(
          { err: error, job: name, tries },
          'queued job failed; it will be tried again',
        );
      }
      await this.#boss.fail(name, job.id, {
        message: error instanceof Error ? error.message : 'failed',
      });
    }
  }

  /**
   * pg-boss 10's create_queue is not safe against itself: two instances starting together can
   * deadlock (one is rolled back). The loser tries again and finds the queue there.
   */
  async #createQueue(name: string): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      if (await this.#boss.getQueue(name)) return;
      try {
        await this.#boss.createQueue(name, {
          name,
          retryLimit: this.#retryLimit,
          retryDelay: this.#retryDelaySeconds,
          retryBackoff: true,
        });
        return;
      } catch (error) {
        const code = (error as { code?: string } | null)?.code;
        if (attempt >= 5 || (code !== '40P01' && code !== '23505')) throw error;
      }
    }
  }

  #track(work: Promise<unknown>): void {
    const tracked = work.catch(() => {}).finally(() => this.#inFlight.delete(tracked));
    this.#inFlight.add(tracked);
  }
}
