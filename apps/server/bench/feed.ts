// `npm run bench -- --only feed`: the feed at scale (issue 9). For each database (PGlite; and
// PostgreSQL when DATABASE_URL is set or --postgres is given) it seeds the data set in SQL
// (feed-seed.ts), runs the feed query straight on the database in a process of its own
// (feed-direct.ts), then starts the real server as its own process and drives it with autocannon:
// feed reads for many people at 10 and 50 connections, smiles, check-ins, posts that fan out to
// ~1,000 vibers; a bare node:http server answers the feed URL with a body as big for the baseline.
// Prints figures and PASS/MISS per target; never fails on them.
import { SignJWT } from 'jose';
import { outboxFigures } from './outbox-figures.js';
import { type Dataset, planRun, pgliteDataset, postgresDataset, type RunPlan } from './feed-db.js';
import { feedScale, questId, sessionId, userId } from './feed-seed.js';
import {
  deal,
  type Figures,
  load,
  peakRssMb,
  percentile,
  type Req,
  runDirect,
} from './feed-load.js';
import {
  cpuSeconds,
  freePort,
  logDirOf,
  SERVER,
  start,
  startServerProcess,
  stop,
  waitFor,
} from './processes.js';
import type { ServerProcess } from '../test/support/server-process.js';

export type FeedOptions = {
  factor: number;
  duration: number;
  warmup: number;
  postgresUrl: string | undefined;
  bare: boolean;
  explain: boolean;
  keep: boolean;
  /** Only this database (both by default, PostgreSQL when a URL is known). */
  engine: 'pglite' | 'postgres' | undefined;
  /** Node flags for the server, such as --cpu-prof (run.ts's --profile). */
  serverFlags: string[];
};

const JWT_SECRET = 'bench-feed-secret-that-is-long-enough-for-hs256';
/** /metrics is read once at the end: the outbox's delivery times under the write rows. */
const METRICS_TOKEN = 'bench-feed-metrics-token-long-enough';
const FAN_OUT_POSTS = 200;
const FAN_OUT_WARMUP = 20;

/** An access token as the server signs one, for a seeded person's seeded session. */
async function tokenOf(i: number): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ did: 'bench-device', sid: sessionId(i), ep: 0 })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId(i))
    .setIssuedAt(now)
    .setExpirationTime(now + 3600)
    .sign(new TextEncoder().encode(JWT_SECRET));
}

const fmt = (n: number, digits = 0) =>
  Number.isFinite(n)
    ? n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
    : '—';

/** One database: seed (or cache), the direct query, then the server under load. */
async function benchOne(engine: 'pglite' | 'postgres', options: FeedOptions): Promise<string[]> {
  const name = engine === 'pglite' ? 'PGlite' : 'PostgreSQL';
  const log = (line: string) => console.log(line);
  const dataset: Dataset =
    engine === 'pglite'
      ? await pgliteDataset(options.factor, log)
      : await postgresDataset(options.postgresUrl!, options.factor, options.keep, log);
  const problems: string[] = [];
  let server: ServerProcess | undefined;
  let bare: ReturnType<typeof start> | undefined;
  try {
    const opened = await dataset.open();
    const plan: RunPlan = await planRun(opened.db, options.factor, FAN_OUT_POSTS + FAN_OUT_WARMUP);
    await opened.close();
    const readerIds = plan.readers.map(userId);
    const direct = await runDirect(
      engine,
      dataset.location,
      readerIds,
      options.duration,
      options.explain,
    );

    const barePort = await freePort();
    const spawnedAt = performance.now();
    /** Seconds since the server started: where a phase sits in its CPU profile. */
    const sinceStart = () => ((performance.now() - spawnedAt) / 1000).toFixed(1);
    server = await startServerProcess({
      name: `bench-feed-${engine}`,
      logDir: logDirOf(),
      bundle: SERVER,
      logLevel: 'silent',
      nodeFlags: options.serverFlags,
      // The data set names its database (DATA_DIR or DATABASE_URL): no schema of the server's own.
      pglite: true,
      env: {
        ...dataset.env,
        SEED_DEMO: 'false',
        JWT_SECRET,
        RATE_LIMIT_FACTOR: '1000000',
        METRICS_TOKEN,
      },
    });
    const base = server.url;
    const tokens = new Map<number, string>();
    const token = async (i: number) => {
      if (!tokens.has(i)) tokens.set(i, await tokenOf(i));
      return tokens.get(i)!;
    };
    const feedReqs: Req[] = [];
    for (const i of plan.readers)
      feedReqs.push({ method: 'GET', path: '/api/feed', token: await token(i) });
    const first = await fetch(`${base}/api/feed`, {
      headers: { authorization: `Bearer ${feedReqs[0]!.token}` },
    });
    const firstBody = await first.text();
    if (!first.ok)
      throw new Error(`GET /api/feed answered ${first.status}: ${firstBody.slice(0, 300)}`);
    const items = (JSON.parse(firstBody) as { items: unknown[] }).items.length;

    if (options.bare) {
      bare = start('apps/server/bench/bare-server.ts', {
        PORT: String(barePort),
        BENCH_BODIES: JSON.stringify({ 'GET /api/feed': Buffer.byteLength(firstBody) }),
      });
      await waitFor(`http://127.0.0.1:${barePort}/api/health`, bare, 'The bare node:http server');
    }

    const rows: string[][] = [];
    const pid = server.child()?.pid;
    const measured = async (label: string, conns: number, lists: (phase: number) => Req[][]) => {
      if (options.warmup > 0) await load(base, conns, options.warmup, lists(0));
      const cpuBefore = cpuSeconds(pid);
      const from = sinceStart();
      const f = await load(base, conns, options.duration, lists(1));
      if (options.serverFlags.length)
        log(`  profile: ${label}, ${conns} conn. ${from}–${sinceStart()} s`);
      const cpuMs = ((cpuSeconds(pid) ?? NaN) - (cpuBefore ?? NaN)) * (1000 / f.total);
      if (f.bad) problems.push(`${name} ${label}: ${f.bad} answers were not 2xx or failed`);
      return { ...f, cpuMs };
    };
    // One connection, one reader after another, timed here to the microsecond: each reader's
    // first read (nothing of theirs in memory: the statement runs) and their second (the kept
    // page). The load rows after it read kept pages, as people reopening the app do.
    const sequential = async (label: string) => {
      const from = sinceStart();
      const cpuBefore = cpuSeconds(pid);
      const times: number[] = [];
      for (const r of feedReqs) {
        const t = performance.now();
        const response = await fetch(`${base}${r.path}`, {
          headers: { authorization: `Bearer ${r.token}` },
        });
        await response.arrayBuffer();
        times.push(performance.now() - t);
        if (!response.ok) problems.push(`${name} ${label}: answered ${response.status}`);
      }
      const cpuMs = ((cpuSeconds(pid) ?? NaN) - (cpuBefore ?? NaN)) * (1000 / times.length);
      if (options.serverFlags.length) log(`  profile: ${label} ${from}–${sinceStart()} s`);
      times.sort((a, b) => a - b);
      const total = times.reduce((a, b) => a + b, 0);
      const f = { p50: percentile(times, 0.5), p99: percentile(times, 0.99) };
      rows.push([
        label,
        fmt((times.length * 1000) / total),
        fmt(f.p50, 2),
        fmt(f.p99, 2),
        '—',
        '—',
        fmt(cpuMs, 2),
      ]);
      return f;
    };
    // Sessions first (their first request reads the session and records its use), so that the
    // first feed read below costs what a signed-in person's does.
    for (const r of feedReqs) {
      const seen = await fetch(`${base}/api/notifications/unread-counts`, {
        headers: { authorization: `Bearer ${r.token}` },
      });
      await seen.arrayBuffer();
    }
    const cold = await sequential('GET /api/feed, first read each, 1 conn.');
    const warm = await sequential('GET /api/feed, second read each, 1 conn.');
    const feedAt: Record<number, Figures & { cpuMs: number }> = {};
    for (const conns of [1, 10, 50]) {
      const f = await measured(`GET /api/feed, ${conns} conn.`, conns, () => deal(feedReqs, conns));
      feedAt[conns] = f;
      const b = bare
        ? await load(`http://127.0.0.1:${barePort}`, conns, options.duration, deal(feedReqs, conns))
        : undefined;
      rows.push([
        `GET /api/feed, ${conns} conn.`,
        fmt(f.rps),
        fmt(f.p50, 1),
        fmt(f.p99, 1),
        b ? fmt(b.rps) : '—',
        b ? `${fmt((f.rps / b.rps) * 100, 1)}%` : '—',
        fmt(f.cpuMs, 2),
      ]);
    }

    // Smiles: each request a new (person, post) pair; warm-up and measured run use other halves.
    const smileReqs: Req[] = [];
    for (const s of plan.smiles)
      smileReqs.push({
        method: 'PUT',
        path: `/api/posts/${s.postId}/smile`,
        token: await token(s.user),
      });
    const half = Math.floor(smileReqs.length / 2);
    const smile = await measured('PUT /api/posts/:id/smile', 10, (phase) =>
      deal(phase ? smileReqs.slice(half) : smileReqs.slice(0, half), 10),
    );
    rows.push([
      'PUT /api/posts/:id/smile, 10 conn.',
      fmt(smile.rps),
      fmt(smile.p50, 1),
      fmt(smile.p99, 1),
      '—',
      '—',
      fmt(smile.cpuMs, 2),
    ]);

    // Check-ins: check in today, then undo it, person after person.
    const checkInReqs: Req[] = [];
    for (const i of plan.checkIns) {
      const path = `/api/quests/${questId(i)}/check-ins`;
      const t = await token(i);
      checkInReqs.push({ method: 'POST', path, token: t, body: JSON.stringify({ day: 'today' }) });
      checkInReqs.push({ method: 'DELETE', path: `${path}/today`, token: t });
    }
    const undo = async () => {
      await new Promise((ok) => setTimeout(ok, 200));
      for (const i of plan.checkIns)
        await fetch(`${base}/api/quests/${questId(i)}/check-ins/today`, {
          method: 'DELETE',
          headers: { authorization: `Bearer ${await token(i)}` },
        });
    };
    const pairs = Array.from({ length: plan.checkIns.length }, (_, k) =>
      checkInReqs.slice(2 * k, 2 * k + 2),
    );
    const checkInLists = () => deal(pairs, 10).map((l) => l.flat());
    if (options.warmup > 0) {
      await load(base, 10, options.warmup, checkInLists());
      await undo();
    }
    const checkInCpu = cpuSeconds(pid);
    const checkInFrom = sinceStart();
    const checkIn = await load(base, 10, options.duration, checkInLists());
    if (options.serverFlags.length)
      log(`  profile: check-in + undo, 10 conn. ${checkInFrom}–${sinceStart()} s`);
    const checkInMs = ((cpuSeconds(pid) ?? NaN) - (checkInCpu ?? NaN)) * (1000 / checkIn.total);
    await undo();
    if (checkIn.bad)
      problems.push(`${name} check-ins: ${checkIn.bad} answers were not 2xx or failed`);
    rows.push([
      'POST check-in + DELETE undo, 10 conn.',
      fmt(checkIn.rps),
      fmt(checkIn.p50, 1),
      fmt(checkIn.p99, 1),
      '—',
      '—',
      fmt(checkInMs, 2),
    ]);

    // Posts of the person with ~1,000 vibers: each one lands in every viber's timeline.
    const starToken = await token(plan.star.user);
    const postTimes: number[] = [];
    for (const [k, mediaId] of plan.star.uploads.entries()) {
      const t = performance.now();
      const response = await fetch(`${base}/api/posts`, {
        method: 'POST',
        headers: { authorization: `Bearer ${starToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ voiceMediaId: mediaId, visibility: 'public' }),
      });
      await response.text();
      if (response.status !== 201) {
        problems.push(`${name} POST /api/posts answered ${response.status}`);
        break;
      }
      if (k >= FAN_OUT_WARMUP) postTimes.push(performance.now() - t);
    }
    postTimes.sort((a, b) => a - b);
    rows.push([
      `POST /api/posts (${fmt(plan.star.vibers)} vibers), 1 conn.`,
      fmt(
        postTimes.length ? (postTimes.length * 1000) / postTimes.reduce((a, b) => a + b, 0) : NaN,
      ),
      fmt(percentile(postTimes, 0.5), 1),
      fmt(percentile(postTimes, 0.99), 1),
      '—',
      '—',
      '—',
    ]);
    const rss = peakRssMb(pid);
    const outbox = await outboxFigures(base, METRICS_TOKEN);

    const widths = [40, 9, 8, 8, 16, 7, 10];
    const line = (cells: string[]) =>
      cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
    const scale = feedScale(options.factor);
    console.log(
      `\nFeed benchmark — ${name}: ${fmt(scale.users)} people, ${fmt(scale.posts)} posts, ` +
        `${fmt(scale.smiles)} smiles; ${plan.readers.length} readers, a page of ${items}, ` +
        `${Buffer.byteLength(firstBody).toLocaleString('en-US')} bytes; ` +
        `${options.warmup} s warm-up then ${options.duration} s per row\n`,
    );
    console.log(
      line(['route', 'req/s', 'p50 ms', 'p99 ms', 'node:http req/s', 'ratio', 'CPU ms/req']),
    );
    console.log(line(widths.map((w) => '-'.repeat(w))));
    for (const row of rows) console.log(line(row));
    console.log(
      `\nServer peak memory (VmHWM): ${fmt(rss)} MB\n` +
        `${outbox}\n` +
        `Feed query straight on the database (its own process, one at a time): each reader's ` +
        `first run p50 ${fmt(direct.first.p50, 2)} ms, p99 ${fmt(direct.first.p99, 2)} ms; then ` +
        `repeated p50 ${fmt(direct.p50, 2)} ms, p99 ${fmt(direct.p99, 2)} ms over ${fmt(direct.runs)} runs.\n` +
        `API p50 of a first read ${fmt(cold.p50, 2)} ms → ${fmt(cold.p50 / direct.first.p50, 2)}× ` +
        `the query's first run (${fmt(cold.p50 / direct.p50, 2)}× its repeated runs); of a kept ` +
        `page ${fmt(warm.p50, 2)} ms → ${fmt(warm.p50 / direct.p50, 2)}× the repeated query; ` +
        `CPU per query ${fmt(direct.cpuMs, 2)} ms (the server's per feed read: ` +
        `${fmt(feedAt[10]!.cpuMs, 2)} ms at 10 connections)\n` +
        'CPU ms/req: CPU time (user + system) the server process spent per request, which a ' +
        'busy machine disturbs less than req/s and latency.',
    );
    const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');
    const targets: [string, boolean][] =
      engine === 'postgres'
        ? [[`feed at 50 conn. p99 < 50 ms (${fmt(feedAt[50]!.p99, 1)})`, feedAt[50]!.p99 < 50]]
        : [
            [
              `feed at 10 conn. ≥ 1,500 req/s with p99 < 20 ms (${fmt(feedAt[10]!.rps)}, ${fmt(feedAt[10]!.p99, 1)})`,
              feedAt[10]!.rps >= 1500 && feedAt[10]!.p99 < 20,
            ],
          ];
    for (const [label, w] of [
      ['smiles', smile],
      ['check-ins', checkIn],
    ] as const)
      targets.push([
        `${label} ≥ 2,000 req/s with p99 < 20 ms (${fmt(w.rps)}, ${fmt(w.p99, 1)})`,
        w.rps >= 2000 && w.p99 < 20,
      ]);
    targets.push([
      `API feed p50 ≤ 2× the direct query (first reads ${fmt(cold.p50 / direct.first.p50, 2)}× ` +
        `its first runs, kept pages ${fmt(warm.p50 / direct.p50, 2)}× its repeated runs)`,
      cold.p50 <= 2 * direct.first.p50 && warm.p50 <= 2 * direct.p50,
    ]);
    console.log(`\nTargets (${name}):`);
    for (const [label, ok] of targets) console.log(`  ${verdict(ok)}  ${label}`);
    if (direct.plan)
      console.log(`\nFeed query plan (${name}, EXPLAIN ANALYZE, BUFFERS):\n${direct.plan}`);
  } finally {
    if (bare) await stop(bare.child);
    await server?.dispose();
    await dataset.dispose();
  }
  return problems;
}

export async function benchFeed(options: FeedOptions): Promise<string[]> {
  const problems: string[] = [];
  if (options.engine !== 'postgres') problems.push(...(await benchOne('pglite', options)));
  if (options.engine !== 'pglite' && options.postgresUrl)
    problems.push(...(await benchOne('postgres', options)));
  return problems;
}
