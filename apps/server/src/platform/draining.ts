import type { FastifyBaseLogger } from 'fastify';

type Hook = () => void | Promise<void>;

/**
 * The server has begun to stop (SIGTERM: main.ts, shutdown.ts). `started` turns true at once and
 * stays so: a readiness check answers 503 from then on, so that a proxy sends nobody new here.
 * Hooks registered with `onStart` run then, side by side: the HTTP side stops accepting and lets
 * requests finish (connection-drain.ts), the realtime streams close with a retry hint.
 */
export class Draining {
  readonly #hooks: Hook[] = [];
  #started: Promise<void> | undefined;

  constructor(private readonly log: FastifyBaseLogger) {}

  get started(): boolean {
    return this.#started !== undefined;
  }

  onStart(hook: Hook): void {
    this.#hooks.push(hook);
  }

  /** Starts draining (once) and resolves when every hook has; a failing hook is logged. */
  start(): Promise<void> {
    this.#started ??= Promise.all(
      this.#hooks.map(async (hook) => {
        try {
          await hook();
        } catch (error) {
          this.log.error({ err: error }, 'a draining step failed');
        }
      }),
    ).then(() => {});
    return this.#started;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether the server is stopping, and what runs when it starts to (draining.ts). */
    draining: Draining;
  }
}
