// `npm run bench`: the server's hot paths measured from outside. The real server runs as its own
// process (a fresh DATA_DIR on PGlite, or a fresh schema on PostgreSQL with --postgres), a bare
// node:http server runs as another, and autocannon drives both from this process, route after
// route, with the same connections. Prints figures; never fails on them. Talks HTTP only, so it
// keeps working whatever the server's insides look like.
//
//   npm run bench                      all routes on PGlite
//   npm run bench -- --postgres        on PostgreSQL (DATABASE_URL, or the local test server)
//   npm run bench -- --only health,quests --duration 10 --connections 10
//   npm run bench -- --profile .bench-profiles   also write the server's CPU profile there
//                                                (read it with bench/profile-summary.ts)
//   npm run bench -- --only feed       the feed at scale (bench/feed.ts): PGlite, and PostgreSQL
//                                      when DATABASE_URL is set or --postgres is given;
//                                      --scale ×10 the data, --explain prints the query plans,
//                                      --keep leaves the doers_bench database in place,
//                                      --engine pglite|postgres runs one of them only
//   npm run bench -- --only leaderboard  one page of each board at 10,000 people (--scale: 100,000),
//                                      straight on the database (bench/leaderboard.ts)
//   npm run bench -- --only erasure    erasing an account with 1,000 posts (bench/erasure.ts):
//                                      PGlite, and PostgreSQL when DATABASE_URL is set
//   npm run bench -- --only realtime   the SSE stream across two instances (bench/realtime.ts):
//                                      PostgreSQL (DATABASE_URL or the local one) and Redis
//                                      (REDIS_URL or 127.0.0.1:6379); --streams 10000 idle
//                                      streams, --messages 200 DMs for the latency
//   npm run bench -- --only transcription  from a new voice note's 201 to its words, with the
//                                      stand-in engine answering at once (bench/transcription.ts)
//   npm run bench -- --only metrics    what the Prometheus metrics cost: the feed and a bare
//                                      route on a server with METRICS_TOKEN and one without
//                                      (bench/metrics.ts)
import { measure, type Auth, type Figures, type Target } from './measure.js';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { benchErasure } from './erasure.js';
import { benchFeed } from './feed.js';
import { benchLeaderboard } from './leaderboard.js';
import { benchMetrics } from './metrics.js';
import { benchVoiceNotes } from './media.js';
import { benchRealtime } from './realtime.js';
import { benchTranscription } from './transcription.js';
import {
  buildServerOnce,
  cpuSeconds,
  freePort,
  logDirOf,
  SERVER,
  start,
  startServerProcess,
  stop,
  waitFor,
} from './processes.js';

const { values: args } = parseArgs({
  options: {
    postgres: { type: 'boolean', default: false },
    only: { type: 'string' },
    duration: { type: 'string', default: '6' },
    warmup: { type: 'string', default: '1' },
    connections: { type: 'string', default: '10' },
    profile: { type: 'string' },
    'no-bare': { type: 'boolean', default: false },
    scale: { type: 'boolean', default: false },
    // Any factor of the feed's data set (0.1 for a quick try); --scale is 10.
    'scale-factor': { type: 'string' },
    explain: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    engine: { type: 'string' },
    streams: { type: 'string', default: '10000' },
    messages: { type: 'string', default: '200' },
  },
});
const seconds = Number(args.duration);
const warmup = Number(args.warmup);
const connections = Number(args.connections);
const profileFlags = args.profile ? ['--cpu-prof', `--cpu-prof-dir=${resolve(args.profile)}`] : [];
const DEFAULT_PG = 'postgres://postgres@127.0.0.1:5432/test';
const DEMO = { login: 'maya', password: 'doers-demo-2026' };
const FOUNDER_CODE = `BENCH-${randomBytes(4).toString('hex').toUpperCase()}`;

async function call<T>(
  base: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; ok?: number[] } = {},
): Promise<{ status: number; body: T; bytes: number }> {
  const response = await fetch(base + path, {
    method,
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
  });
  const text = await response.text();
  if (!(options.ok ?? [200, 201, 204]).includes(response.status))
    throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return {
    status: response.status,
    body: (text ? JSON.parse(text) : null) as T,
    bytes: Buffer.byteLength(text),
  };
}

const device = () => ({ id: `bench-${randomBytes(6).toString('hex')}`, name: 'bench' });

async function signIn(base: string): Promise<Auth> {
  const { body } = await call<{ user: { id: string }; tokens: { accessToken: string } }>(
    base,
    'POST',
    '/api/auth/login',
    { body: { email: DEMO.login, password: DEMO.password, device: device() } },
  );
  return { token: body.tokens.accessToken, userId: body.user.id };
}

/**
 * One check-in per quest per day, and a free account holds one active quest: every connection
 * gets its own founder account with its own quest, and loops "check in today" then "undo today".
 * Each request is a real write (insert or delete, then the streaks recomputed).
 */
async function checkInPeople(base: string, count: number) {
  const people: (Auth & { questId: string })[] = [];
  for (let i = 0; i < count; i++) {
    const username = `bench_${randomBytes(5).toString('hex')}`;
    const { body } = await call<{ user: { id: string }; tokens: { accessToken: string } }>(
      base,
      'POST',
      '/api/auth/register',
      {
        body: {
          email: `${username}@bench.doers.test`,
          password: 'bench-password-2026',
          username,
          inviteCode: FOUNDER_CODE,
          device: device(),
        },
      },
    );
    const token = body.tokens.accessToken;
    const quest = await call<{ id: string }>(base, 'POST', '/api/quests', {
      token,
      body: {
        title: `Bench quest ${i + 1}`,
        category: 'fitness',
        tasks: [{ title: 'One' }, { title: 'Two' }],
      },
    });
    people.push({ token, userId: body.user.id, questId: quest.body.id });
  }
  return people;
}

/** A warm-up, then the measured run; with `pid`, also the CPU time that process spent per request. */
async function run(
  base: string,
  target: Target,
  pid?: number,
): Promise<Figures & { cpuMs?: number }> {
  if (warmup > 0) {
    await measure(base, target, warmup, connections);
    await target.reset?.();
  }
  const cpuBefore = cpuSeconds(pid);
  const figures = await measure(base, target, seconds, connections);
  const cpuAfter = cpuSeconds(pid);
  await target.reset?.();
  return cpuBefore === undefined || cpuAfter === undefined || !figures.total
    ? figures
    : { ...figures, cpuMs: ((cpuAfter - cpuBefore) * 1000) / figures.total };
}

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

async function main(): Promise<void> {
  // Every bench measures the server as `npm start` runs it: the bundle, built from the sources now.
  await buildServerOnce();
  const only = args.only?.split(',').map((word) => word.trim());
  const wanted = (name: string) => !only || only.some((word) => name.includes(word));
  // Benches of their own.
  const own = ['feed', 'realtime', 'leaderboard', 'erasure', 'metrics', 'transcription'];
  const postgresUrl = process.env.DATABASE_URL ?? (args.postgres ? DEFAULT_PG : undefined);
  if (!only || !only.every((word) => own.includes(word))) await general(only, wanted);
  if (wanted('feed')) {
    const problems = await benchFeed({
      factor: Number(args['scale-factor'] ?? (args.scale ? 10 : 1)),
      duration: seconds,
      warmup,
      postgresUrl,
      bare: !args['no-bare'],
      explain: args.explain,
      keep: args.keep,
      engine: args.engine === 'pglite' || args.engine === 'postgres' ? args.engine : undefined,
      serverFlags: profileFlags,
    });
    if (problems.length) console.log(`\nWarning:\n  ${problems.join('\n  ')}`);
  }
  if (wanted('leaderboard'))
    await benchLeaderboard({ scale: args.scale, explain: args.explain, postgresUrl });
  if (wanted('erasure')) await benchErasure({ postgresUrl });
  if (wanted('transcription')) {
    const problems = await benchTranscription();
    if (problems.length) console.log(`\nWarning:\n  ${problems.join('\n  ')}`);
  }
  // Two servers side by side for a few minutes: only when asked for.
  if (only?.includes('metrics')) await benchMetrics({ duration: seconds, warmup, connections });
  // Needs PostgreSQL and Redis: run when asked for, or when REDIS_URL says Redis is there.
  if (only?.includes('realtime') || (!only && process.env.REDIS_URL)) {
    const problems = await benchRealtime({
      postgresUrl: process.env.DATABASE_URL ?? DEFAULT_PG,
      redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      streams: Number(args.streams),
      messages: Number(args.messages),
    });
    if (problems.length) console.log(`\nWarning:\n  ${problems.join('\n  ')}`);
  }
}

/** The routes of every screen, on a small demo data set. */
async function general(
  only: string[] | undefined,
  wanted: (name: string) => boolean,
): Promise<void> {
  // --postgres: the server gets a schema of its own on DATABASE_URL, dropped at the end.
  if (args.postgres) process.env.DATABASE_URL ??= DEFAULT_PG;
  const barePort = await freePort();
  const bareBase = `http://127.0.0.1:${barePort}`;
  const spawnedAt = performance.now();
  const server = await startServerProcess({
    name: 'bench',
    logDir: logDirOf(),
    bundle: SERVER,
    pglite: !args.postgres,
    logLevel: 'silent',
    nodeFlags: profileFlags,
    env: {
      SEED_DEMO: 'true',
      RATE_LIMIT_FACTOR: '1000000',
      FOUNDER_INVITE_CODE: FOUNDER_CODE,
      FOUNDER_SEATS: '100000',
    },
  });
  const base = server.url;
  const pid = server.child()?.pid;
  let bare: ReturnType<typeof start> | undefined;
  try {
    const maya = await signIn(base);
    const quests = await call<{ items: { id: string }[] }>(base, 'GET', '/api/quests', {
      token: maya.token,
    });
    const questId = quests.body.items[0]?.id;
    if (!questId) throw new Error('The demo person has no quest: is the demo seed on?');
    const checkInRow = 'POST check-in + DELETE undo';
    const people = wanted(checkInRow) ? await checkInPeople(base, connections) : [];
    const undoAll = async () => {
      await new Promise((ok) => setTimeout(ok, 200)); // requests cut off at the end land first
      for (const p of people)
        await call(base, 'DELETE', `/api/quests/${p.questId}/check-ins/today`, {
          token: p.token,
          ok: [200, 404],
        });
    };

    const get = (name: string, path: string, auth?: Auth): Target => ({
      name,
      requests: () => [{ method: 'GET', path }],
      ...(auth ? { auth } : {}),
    });
    const all: Target[] = [
      get('GET /api/health', '/api/health'),
      get('GET /api/users/:id', `/api/users/${maya.userId}`, maya),
      get('GET /api/quests', '/api/quests', maya),
      get('GET /api/notifications/unread-counts', '/api/notifications/unread-counts', maya),
      get('GET /api/quests/:id', `/api/quests/${questId}`, maya),
      {
        name: checkInRow,
        auth: people,
        requests: (i) => {
          const path = `/api/quests/${people[i % people.length]!.questId}/check-ins`;
          return [
            { method: 'POST', path, body: JSON.stringify({ day: 'today' }) },
            { method: 'DELETE', path: `${path}/today` },
          ];
        },
        reset: undoAll,
      },
    ];
    const targets = all.filter((t) => wanted(t.name));

    // The baseline answers each URL with a body as big as the real one.
    const sizes: Record<string, number> = {};
    for (const t of targets) {
      const auths = t.auth === undefined ? [] : [t.auth].flat();
      for (let i = 0; i < Math.max(1, auths.length); i++) {
        for (const r of t.requests(i)) {
          const { bytes } = await call(base, r.method, r.path, {
            token: auths[i]?.token,
            body: r.body !== undefined ? JSON.parse(r.body) : undefined,
            ok: [200, 201],
          });
          sizes[`${r.method} ${r.path}`] = bytes;
        }
      }
      await t.reset?.();
    }
    if (!args['no-bare'] && targets.length) {
      bare = start('apps/server/bench/bare-server.ts', {
        PORT: String(barePort),
        BENCH_BODIES: JSON.stringify(sizes),
      });
      await waitFor(`${bareBase}/api/health`, bare, 'The bare node:http server');
    }

    const engine = args.postgres ? 'PostgreSQL' : 'PGlite';
    const problems: string[] = [];
    const windows: string[] = [];
    if (targets.length) {
      console.log(
        `\nDoers API benchmark — ${engine}, autocannon, ${connections} connections, ` +
          `${warmup} s warm-up then ${seconds} s per route; Node ${process.version}\n`,
      );
      const header = [
        'route',
        'req/s',
        'p50 ms',
        'p99 ms',
        'node:http req/s',
        'ratio',
        'CPU ms/req',
      ];
      const widths = [36, 9, 8, 8, 16, 7, 10];
      const line = (cells: string[]) =>
        cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
      console.log(line(header));
      console.log(line(widths.map((w) => '-'.repeat(w))));
      for (const target of targets) {
        const loadFrom = (performance.now() - spawnedAt) / 1000 + warmup;
        const real = await run(base, target, pid);
        const loadTo = loadFrom + seconds;
        if (args.profile)
          windows.push(`--from ${loadFrom.toFixed(1)} --to ${loadTo.toFixed(1)}   ${target.name}`);
        const baseline = bare ? await run(bareBase, { ...target, reset: undefined }) : undefined;
        if (real.bad) problems.push(`${target.name}: ${real.bad} answers were not 2xx or failed`);
        console.log(
          line([
            target.name,
            fmt(real.rps),
            fmt(real.p50, 1),
            fmt(real.p99, 1),
            baseline ? fmt(baseline.rps) : '—',
            baseline ? `${fmt((real.rps / baseline.rps) * 100, 1)}%` : '—',
            real.cpuMs === undefined ? '—' : fmt(real.cpuMs, 2),
          ]),
        );
      }
      console.log(
        '\nratio: the server’s req/s as a share of a bare node:http server answering the same URLs ' +
          'with a fixed JSON body of the same size, measured in the same run.\n' +
          'CPU ms/req: CPU time (user + system) the server process spent per request, which a busy ' +
          'machine disturbs less than req/s.\n' +
          'The check-in row alternates a check-in and its undo on a quest per connection: both ' +
          'are writes.',
      );
    }
    // Not a request loop: the time from a voice note's upload to a playable stored file.
    if (wanted('media')) problems.push(...(await benchVoiceNotes(base, maya.token, pid)));
    if (problems.length) console.log(`\nWarning:\n  ${problems.join('\n  ')}`);
    if (windows.length)
      console.log(
        '\nIn the profile (seconds since the server started, ±0.3 s), the measured load of:\n  ' +
          windows.join('\n  '),
      );
  } finally {
    if (bare) await stop(bare.child);
    await server.dispose();
  }
  if (args.profile) console.log(`\nServer CPU profile written to ${resolve(args.profile)}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
