import type { FastifyInstance } from 'fastify';
import type { Runtime } from './runtime.js';

/** How long a graceful stop may take before the process exits anyway. */
export const STOP_DEADLINE_MS = 10_000;

/**
 * A graceful stop, each step once the one before is done:
 * 1. draining (`app.draining`): readiness turns 503; the listener closes, so a new connection is
 *    refused; every request under way is answered, the last on each connection with
 *    `connection: close`; idle connections close; realtime streams end with a `retry:` hint.
 * 2. `app.close()`: the job runner stops (running jobs finish), the session touches still
 *    waiting are written, the in-process bus closes. Every batch (platform/write-batcher.ts) has
 *    a caller awaiting it (a request, an event subscriber, a job), so none is left by then.
 * 3. the runtime: the database, Redis, storage and mail close.
 * 4. the DATA_DIR lock is released (PGlite).
 */
export async function stopGracefully(
  app: FastifyInstance,
  runtime: Pick<Runtime, 'close'>,
  unlock: () => void,
): Promise<void> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  await app.draining.start();
  app.log.info({ ms: ms() }, 'stopping: requests answered, streams closed');
  await app.close();
  app.log.info({ ms: ms() }, 'stopping: jobs stopped, writes behind flushed');
  await runtime.close();
  unlock();
  app.log.info({ ms: ms() }, 'stopped');
}

/**
 * SIGTERM or SIGINT stops the server gracefully and exits 0. A second signal, or the deadline,
 * exits at once with 1: an operator who asks twice means it, and an orchestrator kills anyway.
 */
export function stopOnSignals(
  app: FastifyInstance,
  runtime: Pick<Runtime, 'close'>,
  unlock: () => void,
): void {
  let stopping = false;
  const exitNow = (why: string) => {
    app.log.error(`${why}: exiting now`);
    process.exit(1);
  };
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return exitNow(`${signal} while stopping`);
    stopping = true;
    app.log.info({ signal }, 'stopping gracefully');
    setTimeout(
      () => exitNow(`not stopped within ${STOP_DEADLINE_MS / 1000} s`),
      STOP_DEADLINE_MS,
    ).unref();
    stopGracefully(app, runtime, unlock).then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'stopping failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
