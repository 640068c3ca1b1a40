import type { Readiness, ReadinessCheck } from '@doers/contract';

/** How long one dependency may take to answer before it counts as failed. */
export const READY_CHECK_TIMEOUT_MS = 2_000;

type Outcome = Readiness['checks']['database'];

/**
 * What readiness asks, each a promise that settles: `redis` is absent when REDIS_URL is not set;
 * `migrations` runs only once the database answered (it reads the database).
 */
export type ReadinessProbes = {
  database: () => Promise<void>;
  /** Resolves true when every migration this build carries is applied. */
  migrations: () => Promise<boolean>;
  redis: (() => Promise<unknown>) | undefined;
  storage: () => Promise<void>;
};

/**
 * Asks every dependency at once, each within READY_CHECK_TIMEOUT_MS: a load balancer's probe
 * has a deadline of its own, and a database that hangs (a pool waiting for a connection that
 * never comes) must read as failed, not as a probe that never answers.
 */
export async function checkReadiness(
  probes: ReadinessProbes,
  draining: boolean,
): Promise<Readiness> {
  if (draining) {
    // Stopping on purpose: the dependencies are beside the point (and may be closing).
    return {
      status: 'not-ready',
      draining: true,
      checks: { database: 'skipped', migrations: 'skipped', redis: 'skipped', storage: 'skipped' },
      failed: ['draining'],
    };
  }
  const database = settle(probes.database());
  const migrations = database.then((ok) =>
    ok === 'ok' ? settle(probes.migrations().then(expectTrue)) : ('skipped' as const),
  );
  const [db, applied, redis, storage] = await Promise.all([
    database,
    migrations,
    probes.redis ? settle(probes.redis()) : ('skipped' as const),
    settle(probes.storage()),
  ]);
  const checks = { database: db, migrations: applied, redis, storage };
  // Migrations are `skipped` without a database: only the database is named as what failed.
  const failed = (Object.keys(checks) as (keyof typeof checks)[]).filter(
    (name) => checks[name] === 'failed',
  ) satisfies ReadinessCheck[];
  return { status: failed.length ? 'not-ready' : 'ready', draining: false, checks, failed };
}

function expectTrue(ok: boolean): void {
  if (!ok) throw new Error('migrations pending');
}

async function settle(work: Promise<unknown>): Promise<Outcome> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), READY_CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([work, timeout]);
    return 'ok';
  } catch {
    return 'failed';
  } finally {
    clearTimeout(timer);
  }
}
