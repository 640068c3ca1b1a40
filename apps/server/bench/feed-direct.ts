// The feed's own query, run straight on the database by a process of its own (as the server is
// one): TimelineRepository.page, the SQL the API runs, for the same readers one after another.
// First each reader once, in the order the API's first reads go, on the process's fresh buffers
// as the server's are then; then round and round for BENCH_SECONDS on warm ones.
// Prints one JSON line: p50 and p99 in ms of each; with BENCH_EXPLAIN, the plan of one reader's first
// page as the server runs it (a prepared, generic plan on PGlite, as database.ts sets it).
//   BENCH_ENGINE=pglite|postgres BENCH_DB=<data dir or url> BENCH_READERS='["uuid",…]'
//   BENCH_SECONDS=5 node --import tsx apps/server/bench/feed-direct.ts
import pg from 'pg';
import { openDatabase, type Database, type Queryable } from '../src/db/database.js';
import { FeedCache } from '../src/contexts/social/posts/feed-cache.js';
import { TimelineRepository } from '../src/contexts/social/posts/timeline.repository.js';

const engine = process.env.BENCH_ENGINE === 'postgres' ? 'postgres' : 'pglite';
const location = process.env.BENCH_DB ?? '';
const readers = JSON.parse(process.env.BENCH_READERS ?? '[]') as string[];
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const PAGE = 20;

const literal = (v: unknown) =>
  v === null || v === undefined ? 'NULL' : typeof v === 'number' ? String(v) : `'${String(v)}'`;

async function explain(db: Database, reader: string): Promise<string> {
  let captured: { sql: string; params: unknown[] } | undefined;
  const spy: Queryable = {
    query: (sql, params = []) => {
      captured = { sql, params };
      return db.query(sql, params);
    },
  };
  await new TimelineRepository(spy, new FeedCache()).page(reader, null, PAGE);
  if (!captured) return '';
  const execute = `EXECUTE bench_feed(${captured.params.map(literal).join(', ')})`;
  const lines = async (q: Queryable) => {
    await q.query(`PREPARE bench_feed AS ${captured!.sql}`);
    // Six runs, so PostgreSQL settles on the plan it keeps (custom or generic) as the pool would.
    for (let i = 0; i < 6; i++) await q.query(execute);
    const rows = await q.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${execute}`);
    await q.query('DEALLOCATE bench_feed');
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  };
  if (engine === 'pglite') return lines(db);
  const client = new pg.Client({ connectionString: location });
  await client.connect();
  try {
    return await lines({
      query: async <T extends object>(sql: string, params?: unknown[]) =>
        (await client.query(sql, params)).rows as T[],
    });
  } finally {
    await client.end();
  }
}

async function main() {
  const db =
    engine === 'pglite'
      ? await openDatabase({ engine: 'pglite', dataDir: location })
      : await openDatabase({ engine: 'postgres', url: location, max: 1 });
  const repo = new TimelineRepository(db, new FeedCache());
  const percentile = (times: number[], q: number) =>
    times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  const firsts: number[] = [];
  for (const reader of readers) {
    const t = performance.now();
    await repo.page(reader, null, PAGE);
    firsts.push(performance.now() - t);
  }
  firsts.sort((a, b) => a - b);
  const loop = async (forMs: number) => {
    const times: number[] = [];
    const until = performance.now() + forMs;
    for (let i = 0; performance.now() < until; i++) {
      const t = performance.now();
      await repo.page(readers[i % readers.length]!, null, PAGE);
      times.push(performance.now() - t);
    }
    return times.sort((a, b) => a - b);
  };
  await loop(1000);
  const cpu = process.cpuUsage();
  const times = await loop(seconds * 1000);
  const used = process.cpuUsage(cpu);
  const cpuMs = (used.user + used.system) / 1000 / times.length;
  const plan = process.env.BENCH_EXPLAIN ? await explain(db, readers[0]!) : undefined;
  await db.close();
  console.log(
    JSON.stringify({
      first: { p50: percentile(firsts, 0.5), p99: percentile(firsts, 0.99) },
      p50: percentile(times, 0.5),
      p99: percentile(times, 0.99),
      runs: times.length,
      cpuMs,
      plan,
    }),
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exitCode = 1;
});
