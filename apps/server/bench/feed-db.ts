// The feed benchmark's databases: a seeded PGlite directory (cached between runs, copied fresh for
// each run) or a `doers_bench` database on PostgreSQL (created, seeded, dropped); and what a run
// needs from the seeded data before the server starts (readers, posts to smile at, the person with
// ~1,000 vibers and fresh uploads for their posts).
import { hash } from '@node-rs/argon2';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { openDatabase, type Queryable } from '../src/db/database.js';
import { migrate } from '../src/db/migrate.js';
import { BENCH_PASSWORD, benchId, feedScale, id, seedFeed, userId } from './feed-seed.js';

const root = resolve(import.meta.dirname, '../../..');
export const FEED_DIR = join(root, '.test-data/bench-feed');

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

/**
 * Cache key: the scale and the seed itself. Migrations newer than a kept data set are applied
 * over it when the server starts, as over any database in production; a change to the seed
 * (or deleting .test-data/bench-feed, or the doers_bench database) seeds anew.
 */
/** The seed and the migrations it ran after: a change to either seeds again. */
function cacheKey(factor: number): string {
  const h = createHash('sha256');
  h.update(readFileSync(join(import.meta.dirname, 'feed-seed.ts')));
  const migrations = join(import.meta.dirname, '../src/db/migrations');
  for (const file of readdirSync(migrations).sort()) h.update(readFileSync(join(migrations, file)));
  return `x${factor}-${h.digest('hex').slice(0, 12)}`;
}

export type Dataset = {
  /** DATA_DIR for the server (PGlite) or DATABASE_URL (PostgreSQL). */
  env: Record<string, string>;
  open(): Promise<{ db: Queryable; close(): Promise<void> }>;
  /** What the direct feed query process opens. */
  location: string;
  dispose(): Promise<void>;
};

/** A PGlite DATA_DIR seeded at `factor`: from the cache when there is one, else seeded now. */
export async function pgliteDataset(factor: number, log: (line: string) => void): Promise<Dataset> {
  const cache = join(FEED_DIR, `cache-${cacheKey(factor)}`);
  if (existsSync(join(cache, 'db'))) {
    log(`PGlite: seeded data from the cache (${cache.slice(root.length + 1)})`);
  } else {
    const started = performance.now();
    const staging = join(FEED_DIR, `seeding-${process.pid}`);
    rmSync(staging, { recursive: true, force: true });
    mkdirSync(staging, { recursive: true });
    log('PGlite: seeding (cached afterwards for this scale and these migrations)…');
    const db = await openDatabase({ engine: 'pglite', dataDir: join(staging, 'db') });
    await migrate(db);
    await seedFeed(db, feedScale(factor), await hash(BENCH_PASSWORD), log);
    await db.close();
    // An older cache of another key is of no more use.
    for (const old of readdirSync(FEED_DIR).filter((f) => f.startsWith(`cache-x${factor}-`)))
      rmSync(join(FEED_DIR, old), { recursive: true, force: true });
    renameSync(staging, cache);
    log(`PGlite: seeded in ${seconds(started)} s`);
  }
  const copyStarted = performance.now();
  const run = join(FEED_DIR, `run-${process.pid}`);
  rmSync(run, { recursive: true, force: true });
  cpSync(join(cache, 'db'), join(run, 'db'), { recursive: true });
  log(`PGlite: a fresh copy for this run in ${seconds(copyStarted)} s`);
  return {
    env: { DATA_DIR: run },
    location: join(run, 'db'),
    async open() {
      const db = await openDatabase({ engine: 'pglite', dataDir: join(run, 'db') });
      return { db, close: () => db.close() };
    },
    async dispose() {
      rmSync(run, { recursive: true, force: true });
    },
  };
}

/** A fresh `doers_bench` database beside `url`'s, seeded; dropped by dispose (unless `keep`). */
export async function postgresDataset(
  url: string,
  factor: number,
  keep: boolean,
  log: (line: string) => void,
): Promise<Dataset> {
  const benchUrl = new URL(url);
  benchUrl.pathname = '/doers_bench';
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  const dataset: Dataset = {
    env: { DATABASE_URL: benchUrl.toString() },
    location: benchUrl.toString(),
    async open() {
      const db = await openDatabase({ engine: 'postgres', url: benchUrl.toString(), max: 2 });
      return { db, close: () => db.close() };
    },
    async dispose() {
      if (!keep) await admin('DROP DATABASE IF EXISTS doers_bench WITH (FORCE)');
    },
  };
  const key = cacheKey(factor);
  if (keep && (await seededKey(benchUrl.toString())) === key) {
    log('PostgreSQL: doers_bench kept from an earlier --keep run (with that run’s writes)');
    return dataset;
  }
  const started = performance.now();
  log('PostgreSQL: seeding database doers_bench…');
  await admin('DROP DATABASE IF EXISTS doers_bench WITH (FORCE)');
  await admin('CREATE DATABASE doers_bench');
  const migrated = await openDatabase({ engine: 'postgres', url: benchUrl.toString(), max: 1 });
  await migrate(migrated);
  await migrated.close();
  // One session: the seed's settings are per session.
  const client = new pg.Client({ connectionString: benchUrl.toString() });
  await client.connect();
  const one: Queryable = {
    query: async <T extends object>(sql: string, params?: unknown[]) =>
      (await client.query(sql, params)).rows as T[],
  };
  await seedFeed(one, feedScale(factor), await hash(BENCH_PASSWORD), log);
  // What was seeded, for a later --keep run to reuse it.
  await one.query('CREATE TABLE bench_seed (key text NOT NULL)');
  await one.query('INSERT INTO bench_seed (key) VALUES ($1)', [key]);
  await client.end();
  log(`PostgreSQL: seeded in ${seconds(started)} s`);
  return dataset;
}

/** The key doers_bench was seeded with, if it exists and is complete. */
async function seededKey(url: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const { rows } = await client.query<{ key: string }>('SELECT key FROM bench_seed');
    return rows[0]?.key;
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => {});
  }
}

export type RunPlan = {
  /** People whose feed is read, by index (bench-user-i). */
  readers: number[];
  /** (person, public post of someone else) pairs nobody smiled yet, neither blocking the other. */
  smiles: { user: number; postId: string }[];
  /** People who check in on their quest. */
  checkIns: number[];
  /** The person with about 1,000 vibers, and uploads of theirs not used yet. */
  star: { user: number; vibers: number; uploads: string[] };
};

/** Picks a run's people and posts from the seeded data, and adds the star's fresh uploads. */
export async function planRun(db: Queryable, factor: number, uploads: number): Promise<RunPlan> {
  const { users: N, posts: P } = feedScale(factor);
  const spread = (count: number, step: number) =>
    Array.from({ length: Math.min(count, N) }, (_, k) => 1 + ((k * step) % N));
  const u = id('user', 'x.u');
  const smiles = await db.query<{ u: number; post_id: string }>(
    `SELECT DISTINCT ON (x.u, p.id) x.u, p.id AS post_id
       FROM (SELECT 1 + floor($1 * random())::int AS u, 1 + floor($2 * random())::int AS k
               FROM generate_series(1, 30000)) x
       JOIN posts p ON p.id = ${id('post', 'x.k')}
      WHERE p.visibility = 'public' AND p.author_id <> ${u}
        AND NOT EXISTS (SELECT 1 FROM smiles s
                         WHERE s.post_id = p.id AND s.user_id = ${u})
        AND NOT EXISTS (SELECT 1 FROM blocks b
                         WHERE (b.blocker_id = p.author_id AND b.blocked_id = ${u})
                            OR (b.blocked_id = p.author_id AND b.blocker_id = ${u}))
      LIMIT 20000`,
    [N, P],
  );
  const [star] = await db.query<{ username: string; total_vibers: number }>(
    `SELECT u.username, s.total_vibers FROM user_stats s JOIN users u ON u.id = s.user_id
      ORDER BY abs(s.total_vibers - 1000), u.username LIMIT 1`,
  );
  const starIndex = Number(star!.username.replace('bench', ''));
  const ids = Array.from({ length: uploads }, (_, k) =>
    benchId(`bench-upload-${process.pid}-${k}`),
  );
  await db.query(
    `INSERT INTO media (id, owner_id, kind, purpose, content_type, size_bytes, duration_ms,
                        waveform, created_at)
     SELECT id, $2, 'voice', 'post', 'audio/mp4', 32000, 9000,
            (SELECT array_agg(0.5::real) FROM generate_series(1, 100)), now()
       FROM unnest($1::uuid[]) id`,
    [ids, userId(starIndex)],
  );
  return {
    readers: spread(1000, 7919),
    smiles: smiles.map((s) => ({ user: s.u, postId: s.post_id })),
    checkIns: spread(200, 104_729),
    star: { user: starIndex, vibers: star!.total_vibers, uploads: ids },
  };
}
