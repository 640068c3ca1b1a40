import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** What the outbox reports on each scrape: rows not yet delivered, and how old the oldest is. */
export type OutboxLag = { pending: number; oldestAgeSeconds: number };

type Source<T> = () => T | Promise<T>;

/** Seconds; the fast answers (the feed's ~1 ms) need the buckets below prom-client's 5 ms. */
const REQUEST_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

/** A request no route matched: labelled so, never by its address (ids would explode the series). */
const UNMATCHED = 'unmatched';

/**
 * The server's Prometheus instruments, in a registry of this app's own (never prom-client's
 * global one: two apps in one process, as in the tests, would count into each other). Served by
 * metrics-endpoint.ts at /metrics when METRICS_TOKEN is set.
 *
 * On the hot path (every request, every statement) only counters and histograms are moved;
 * whatever is a level (open streams, queue depths, the outbox) is a gauge asked on scrape, so it
 * costs nothing between scrapes.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly #requests: Histogram<'route' | 'method' | 'status_code'>;
  readonly #responses: Counter<'status_code'>;
  readonly #queries: Histogram;
  readonly #queryErrors: Counter;
  readonly #jobFailures: Counter<'job' | 'kind'>;
  /** One child per route × method × status: found by one string key, not built per request. */
  readonly #requestChildren = new Map<
    string,
    Histogram.Internal<'route' | 'method' | 'status_code'>
  >();
  readonly #responseChildren = new Map<number, Counter.Internal>();
  #openStreams: Source<number> = () => 0;
  #jobQueue: Source<number> = () => 0;
  #mediaQueue: Source<{ processing: number; waiting: number }> = () => ({
    processing: 0,
    waiting: 0,
  });
  readonly #outboxDelivery: Histogram;
  #outbox: Source<OutboxLag> = () => ({ pending: 0, oldestAgeSeconds: 0 });

  constructor(options: { processMetrics: boolean }) {
    const registers = [this.registry];
    this.#requests = new Histogram({
      name: 'doers_http_request_duration_seconds',
      help: 'Time to answer a request, by route pattern, method and status code',
      labelNames: ['route', 'method', 'status_code'],
      buckets: REQUEST_BUCKETS,
      registers,
    });
    this.#responses = new Counter({
      name: 'doers_http_responses_total',
      help: 'Responses sent, by status code',
      labelNames: ['status_code'],
      registers,
    });
    this.#queries = new Histogram({
      name: 'doers_db_query_duration_seconds',
      help: 'Time of one SQL statement, waiting for the connection (or PGlite thread) included',
      buckets: QUERY_BUCKETS,
      registers,
    });
    this.#queryErrors = new Counter({
      name: 'doers_db_query_errors_total',
      help: 'SQL statements that failed',
      registers,
    });
    this.#outboxDelivery = new Histogram({
      name: 'doers_outbox_delivery_seconds',
      help: "From an event's commit until every handler of it has run and its row is gone",
      buckets: QUERY_BUCKETS,
      registers,
    });
    this.#jobFailures = new Counter({
      name: 'doers_job_failures_total',
      help: 'Failed timed job runs and failed tries of queued jobs (retries counted), by job',
      labelNames: ['job', 'kind'],
      registers,
    });
    const read = async <T>(source: Source<T>, fallback: T): Promise<T> => {
      // One source failing (the database away) must not fail the whole scrape.
      try {
        return await source();
      } catch {
        return fallback;
      }
    };
    const gauge = (name: string, help: string, value: () => Promise<number>) =>
      new Gauge({
        name,
        help,
        registers,
        async collect() {
          this.set(await value());
        },
      });
    gauge('doers_job_queue_depth', 'Queued jobs not finished (waiting, running, retrying)', () =>
      read(this.#jobQueue, 0),
    );
    gauge('doers_event_streams_open', 'Realtime event streams open on this instance', () =>
      read(this.#openStreams, 0),
    );
    const noMedia = { processing: 0, waiting: 0 };
    gauge('doers_media_processing', 'Uploads being processed (transcoded, re-encoded) now', () =>
      read(this.#mediaQueue, noMedia).then((q) => q.processing),
    );
    gauge('doers_media_waiting', 'Uploads waiting for their turn to be processed', () =>
      read(this.#mediaQueue, noMedia).then((q) => q.waiting),
    );
    const noOutbox = { pending: 0, oldestAgeSeconds: 0 };
    gauge('doers_outbox_pending', 'Outbox events not yet delivered', () =>
      read(this.#outbox, noOutbox).then((o) => o.pending),
    );
    gauge('doers_outbox_lag_seconds', 'Age of the oldest outbox event not yet delivered', () =>
      read(this.#outbox, noOutbox).then((o) => o.oldestAgeSeconds),
    );
    // Only where someone can scrape them: the event-loop monitor and the GC observer these add
    // stay for the life of the process.
    if (options.processMetrics)
      collectDefaultMetrics({ register: this.registry, prefix: 'doers_' });
  }

  /**
   * Times every answer Fastify sends, by its route's pattern (`/api/posts/:id`). Fastify already
   * measures each reply (`elapsedTime`, which it logs), so the hook reads a number and calls
   * observeRequest. Not answered here: the realtime stream (outside Fastify, and open for hours:
   * doers_event_streams_open counts it).
   */
  timeRequests(app: FastifyInstance): void {
    app.addHook('onResponse', (request, reply, done) => {
      this.observeRequest(
        request.routeOptions.url ?? UNMATCHED,
        request.method,
        reply.statusCode,
        reply.elapsedTime / 1000,
      );
      done();
    });
  }

  /**
   * One answer. The cost is prom-client's own: each child is found by one string key, not built
   * per request, and moving a histogram and a counter takes under a microsecond (bench/metrics.ts
   * prints it; about 1% of a feed request's CPU time).
   */
  observeRequest(route: string, method: string, status: number, seconds: number): void {
    const key = `${method} ${status} ${route}`;
    let child = this.#requestChildren.get(key);
    if (!child) {
      child = this.#requests.labels(route, method, String(status));
      this.#requestChildren.set(key, child);
    }
    child.observe(seconds);
    let counter = this.#responseChildren.get(status);
    if (!counter) {
      counter = this.#responses.labels(String(status));
      this.#responseChildren.set(status, counter);
    }
    counter.inc();
  }

  /** One SQL statement's time (db/timed-database.ts calls it for every statement). */
  readonly queryTimed = (seconds: number, failed: boolean): void => {
    this.#queries.observe(seconds);
    if (failed) this.#queryErrors.inc();
  };

  /** An event of the outbox delivered, `seconds` after its commit (platform/outbox.ts). */
  readonly outboxDelivered = (seconds: number): void => {
    this.#outboxDelivery.observe(seconds);
  };

  /** A timed job's run failed, or a queued job's try (platform/jobs.ts, pg-jobs.ts). */
  readonly jobFailed = (job: string, kind: 'timed' | 'queued'): void => {
    this.#jobFailures.labels(job, kind).inc();
  };

  observeJobQueue(source: Source<number>): void {
    this.#jobQueue = source;
  }

  observeOpenStreams(source: Source<number>): void {
    this.#openStreams = source;
  }

  observeMediaQueue(source: Source<{ processing: number; waiting: number }>): void {
    this.#mediaQueue = source;
  }

  /**
   * The outbox registers what it has not delivered yet; asked on each scrape. Until something
   * registers, `doers_outbox_pending` and `doers_outbox_lag_seconds` read 0.
   */
  observeOutbox(source: Source<OutboxLag>): void {
    this.#outbox = source;
  }

  /** The Prometheus text format. */
  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
