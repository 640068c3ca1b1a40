import type { Health, Liveness, PublicConfig, Readiness } from '@doers/contract';
import type { AuthService } from '../auth/auth.service.js';
import { checkReadiness } from './readiness.js';
import type { SystemRepository } from './system.repository.js';

/**
 * /api/health for the status screen (and older probes); /api/health/live and /ready for load
 * balancers and orchestrators; /api/config for the sign-up page.
 */
export class SystemService {
  #draining = false;

  constructor(
    private readonly deps: {
      system: SystemRepository;
      auth: AuthService;
      engine: Health['database']['engine'];
      founderInviteCode: string | undefined;
      version: string;
      /** Every migration this build carries (db/migrate.ts). */
      migrations: () => Promise<string[]>;
      /** Absent when REDIS_URL is not set. */
      redis: { ping(): Promise<unknown> } | undefined;
      /** Media storage: the folder writable, or the bucket answering. */
      storage: { check(): Promise<void> };
    },
  ) {}

  async health(): Promise<Health> {
    const started = performance.now();
    let ok = true;
    try {
      await this.deps.system.ping();
    } catch {
      ok = false;
    }
    const latencyMs = Math.round((performance.now() - started) * 10) / 10;
    return {
      status: ok ? 'ok' : 'degraded',
      database: { ok, engine: this.deps.engine, latencyMs },
      version: this.deps.version,
    };
  }

  /** The process runs and its event loop turns: nothing else is asked. */
  live(): Liveness {
    return { status: 'live' };
  }

  /** Whether this instance should be sent requests (readiness.ts). */
  ready(): Promise<Readiness> {
    const { system, redis, storage } = this.deps;
    return checkReadiness(
      {
        database: () => system.ping(),
        migrations: async () => {
          const [expected, applied] = await Promise.all([
            this.deps.migrations(),
            system.appliedMigrations(),
          ]);
          return expected.every((name) => applied.has(name));
        },
        redis: redis && (() => redis.ping()),
        storage: () => storage.check(),
      },
      this.#draining,
    );
  }

  /**
   * From now on readiness answers 503 (`draining`), so that a load balancer stops sending new
   * requests while the ones in flight finish. Whoever stops the server calls it first (through
   * `app.beginDraining()`, on SIGTERM); closing the app calls it too (app.ts).
   */
  beginDraining(): void {
    this.#draining = true;
  }

  async config(): Promise<PublicConfig> {
    const seatsLeft = await this.deps.auth.founderSeatsLeft();
    return {
      founderInviteCode: seatsLeft > 0 ? (this.deps.founderInviteCode ?? null) : null,
      founderSeatsLeft: seatsLeft,
    };
  }
}
