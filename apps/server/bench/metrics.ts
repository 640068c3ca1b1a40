// `npm run bench -- --only metrics`: what the Prometheus metrics cost on the hot path. Two
// server processes on PGlite with the demo data, one without METRICS_TOKEN (nothing timed) and
// one with it (every request and statement timed), are driven in turn, round after round, on
// the feed and on the cheapest route, so that the machine's other load falls on both alike.
// Prints req/s, p99 and the server's CPU time per request of each, what one scrape costs, and
// in this process the time of one request's and one statement's bookkeeping alone.
// Never fails on the figures.
import { randomBytes } from 'node:crypto';
import { timedDatabase } from '../src/db/timed-database.js';
import type { Database } from '../src/db/database.js';
import { Metrics } from '../src/platform/metrics.js';
import { measure, type Figures, type Target } from './measure.js';
import { cpuSeconds, logDirOf, SERVER, signInDemo, startServerProcess } from './processes.js';

const ROUNDS = 5;

export async function benchMetrics(options: {
  duration: number;
  warmup: number;
  connections: number;
}): Promise<void> {
  const token = randomBytes(24).toString('hex');
  const start = (name: string, env: Record<string, string>) =>
    startServerProcess({
      name,
      logDir: logDirOf(),
      bundle: SERVER,
      pglite: true,
      logLevel: 'silent',
      env: { SEED_DEMO: 'true', RATE_LIMIT_FACTOR: '1000000', ...env },
    });
  const [off, on] = [
    await start('bench-metrics-off', {}),
    await start('bench-metrics-on', { METRICS_TOKEN: token }),
  ];
  try {
    const servers = [
      { label: 'no METRICS_TOKEN', server: off },
      { label: 'METRICS_TOKEN set', server: on },
    ];
    const auth = { token: await signInDemo(on.url), userId: '' };
    const authOff = { token: await signInDemo(off.url), userId: '' };
    const targets = (own: typeof auth): Target[] => [
      { name: 'GET /api/feed', auth: own, requests: () => [{ method: 'GET', path: '/api/feed' }] },
      {
        name: 'GET /api/health/live',
        requests: () => [{ method: 'GET', path: '/api/health/live' }],
      },
    ];
    console.log(
      `\nMetrics overhead — PGlite, demo data, autocannon, ${options.connections} connections, ` +
        `${ROUNDS} rounds of ${options.duration} s per route and server, taken in turn; ` +
        `Node ${process.version}\n`,
    );
    const widths = [22, 18, 9, 8, 11];
    const line = (cells: string[]) =>
      cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
    console.log(line(['route', 'server', 'req/s', 'p99 ms', 'CPU ms/req']));
    console.log(line(widths.map((w) => '-'.repeat(w))));
    for (const [index, target] of targets(auth).entries()) {
      const results = servers.map(() => [] as (Figures & { cpuMs: number })[]);
      for (let round = 0; round < ROUNDS; round += 1) {
        for (const [i, { server }] of servers.entries()) {
          const own = i === 0 ? targets(authOff)[index]! : target;
          if (options.warmup > 0)
            await measure(server.url, own, options.warmup, options.connections);
          const pid = server.child()?.pid;
          const before = cpuSeconds(pid) ?? 0;
          const figures = await measure(server.url, own, options.duration, options.connections);
          const cpuMs = (((cpuSeconds(pid) ?? 0) - before) * 1000) / Math.max(1, figures.total);
          results[i]!.push({ ...figures, cpuMs });
        }
      }
      for (const [i, { label }] of servers.entries()) {
        const runs = results[i]!;
        const median = (pick: (f: Figures & { cpuMs: number }) => number) =>
          runs.map(pick).sort((a, b) => a - b)[Math.floor(runs.length / 2)]!;
        console.log(
          line([
            target.name,
            label,
            median((f) => f.rps).toFixed(0),
            median((f) => f.p99).toFixed(1),
            median((f) => f.cpuMs).toFixed(3),
          ]),
        );
      }
    }
    // One scrape, after all that traffic: its size and time.
    const started = performance.now();
    const scrape = await fetch(`${on.url}/metrics`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const text = await scrape.text();
    const ms = performance.now() - started;
    const series = text.split('\n').filter((l) => l && !l.startsWith('#')).length;
    console.log(
      `\nOne scrape of /metrics: ${scrape.status}, ${(text.length / 1024).toFixed(1)} KB, ` +
        `${series} samples, ${ms.toFixed(1)} ms.\n` +
        'Medians of the rounds. CPU ms/req is the server process’s CPU time per request, which ' +
        'the machine’s other load disturbs less than req/s.',
    );
  } finally {
    await off.dispose();
    await on.dispose();
  }
  await bookkeeping();
}

/** The hot path's own cost, in this process: one answer observed, one statement timed. */
async function bookkeeping(): Promise<void> {
  const metrics = new Metrics({ processMetrics: false });
  const routes = ['/api/feed', '/api/posts/:id', '/api/quests', '/api/notifications/unread-counts'];
  const N = 1_000_000;
  const perCall = (fn: (i: number) => void) => {
    for (let i = 0; i < N / 10; i += 1) fn(i); // warm
    const started = process.hrtime.bigint();
    for (let i = 0; i < N; i += 1) fn(i);
    return Number(process.hrtime.bigint() - started) / N;
  };
  const request = perCall((i) =>
    metrics.observeRequest(routes[i % routes.length]!, 'GET', 200, 0.0005 + (i % 50) / 10_000),
  );
  const rows = [{ n: 1 }];
  // A database that answers at once: what is left is the timing around each statement.
  const bare: Database = {
    engine: 'pglite',
    query: async <T extends object>() => rows as unknown as T[],
    transaction: (fn) => fn(bare),
    close: async () => {},
  };
  const timed = timedDatabase(bare, metrics.queryTimed);
  const statements = async (db: Database) => {
    for (let i = 0; i < N / 10; i += 1) await db.query('SELECT 1');
    const started = process.hrtime.bigint();
    for (let i = 0; i < N; i += 1) await db.query('SELECT 1');
    return Number(process.hrtime.bigint() - started) / N;
  };
  const statement = (await statements(timed)) - (await statements(bare));
  console.log(
    `Bookkeeping alone, in this process: ${request.toFixed(0)} ns an answer observed ` +
      `(histogram + counter), ${statement.toFixed(0)} ns a statement timed (over an instant query).`,
  );
}
