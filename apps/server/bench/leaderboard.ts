// `npm run bench -- --only leaderboard`: what one page of each board costs the database at the
// benchmark's scale (10,000 people; --scale: 100,000), on PGlite in memory, and on PostgreSQL when
// DATABASE_URL is set. The figures every check-in keeps (user_stats) are seeded directly, with a
// long tail: most people have short streaks, a few long ones; 70 % checked in this week. The
// reader vibes with 200 people. Each board is read 200 times through the server's own
// repository; p50 and p99 are printed, and with --explain the plans.
import { randomUUID } from 'node:crypto';
import { openDatabase, type Database } from '../src/db/database.js';
import { migrate } from '../src/db/migrate.js';
import {
  LeaderboardRepository,
  type BoardRequest,
} from '../src/contexts/progress/leaderboard/leaderboard.repository.js';
import { KeptRankings } from '../src/contexts/progress/leaderboard/kept-rankings.js';
import { currentMondays, mondayOf } from '../src/contexts/progress/streaks/week.js';

const READS = 200;

async function seed(db: Database, people: number, now: Date): Promise<string> {
  const monday = mondayOf(now.toISOString().slice(0, 10));
  // Long-tailed streaks: floor(365 * u^6) days; a week's check-ins 0–14, none for 30 %.
  await db.query(
    `INSERT INTO users (id, email, username, display_name, password_hash, referral_code,
                        limit_quests, limit_post_duration, limit_dm_duration,
                        limit_referrals_per_month, created_at)
     SELECT gen_random_uuid(), 'b' || i || '@bench.test', 'bench_' || i, 'Bench ' || i, 'x',
            'R' || lpad(i::text, 9, '0'), 1, 120, 120, 3,
            $1::timestamptz - make_interval(mins => i)
       FROM generate_series(1, $2::int) i`,
    [now, people],
  );
  await db.query(
    `INSERT INTO user_stats (user_id, longest_streak, current_streak, total_check_ins,
                             last_day, last_zone, last_day_start_hour, week_start, week_check_ins)
     SELECT id, longest, least(longest, 7), longest * 2, $1, 'Europe/Paris', 0, $1,
            CASE WHEN random() < 0.3 THEN 0 ELSE floor(random() * 15)::int END
       FROM (SELECT id, floor(365 * power(random(), 6))::int AS longest FROM users) s`,
    [monday],
  );
  const reader = (await db.query<{ id: string }>('SELECT id FROM users LIMIT 1'))[0]!.id;
  await db.query(
    `INSERT INTO vibing_with (user_id, target_id)
     SELECT $1::uuid, id FROM users WHERE id <> $1::uuid ORDER BY random() LIMIT 200`,
    [reader],
  );
  await db.query('ANALYZE');
  return reader;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function measure(name: string, db: Database, people: number, explain: boolean) {
  const now = new Date();
  const reader = await seed(db, people, now);
  const boards = new LeaderboardRepository(db, new KeptRankings(() => Date.now()));
  console.log(`\nLeaderboard, ${name}: ${people.toLocaleString('en')} people`);
  console.log('what                                   p50 ms   p99 ms   rows');
  const base = { viewerId: reader, now, mondays: currentMondays(now) };
  const timed = async (what: string, run: () => Promise<unknown[]>) => {
    const times: number[] = [];
    let rows = 0;
    for (let i = 0; i < READS; i++) {
      const start = performance.now();
      const result = await run();
      times.push(performance.now() - start);
      if (i === 0) rows = result.length;
    }
    times.sort((a, b) => a - b);
    const ms = (p: number) => percentile(times, p).toFixed(2).padStart(7);
    console.log(`${what.padEnd(38)} ${ms(50)}  ${ms(99)}   ${rows}`);
  };
  for (const board of ['week', 'all-time'] as const) {
    // Everyone: ranked afresh at most every 2 s (kept-rankings.ts); each page then reads its
    // 20 people.
    const ranking = await boards.ranking({ ...base, board, scope: { kind: 'everyone' } });
    await timed(`${board}, everyone: ranking all`, () =>
      boards.ranking({ ...base, board, scope: { kind: 'everyone' } }),
    );
    const ids = ranking.slice(0, 20).map((r) => r.user_id);
    await timed(`${board}, everyone: a page's people`, () => boards.people(ids, reader));
    const vibing: BoardRequest = { ...base, board, scope: { kind: 'vibing' }, after: 0, limit: 21 };
    await timed(`${board}, vibing: a page`, () => boards.page(vibing));
    if (explain) {
      const plan = await db.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN (ANALYZE, COSTS OFF) SELECT s.user_id, s.longest_streak FROM user_stats s
          WHERE s.longest_streak > 0 ORDER BY s.longest_streak DESC LIMIT 21`,
      );
      console.log(plan.map((line) => `    ${line['QUERY PLAN']}`).join('\n'));
    }
  }
}

export async function benchLeaderboard(options: {
  scale: boolean;
  explain: boolean;
  postgresUrl: string | undefined;
}): Promise<string[]> {
  const people = options.scale ? 100_000 : 10_000;
  const pglite = await openDatabase({ engine: 'pglite' });
  try {
    await migrate(pglite);
    await measure('PGlite', pglite, people, options.explain);
  } finally {
    await pglite.close();
  }
  if (options.postgresUrl) {
    const schema = `bench_board_${randomUUID().slice(0, 8)}`;
    const admin = await openDatabase({ engine: 'postgres', url: options.postgresUrl, max: 1 });
    await admin.query(`CREATE SCHEMA ${schema}`);
    const url = new URL(options.postgresUrl);
    url.searchParams.set('options', `-c search_path=${schema},public`);
    const db = await openDatabase({ engine: 'postgres', url: url.toString(), max: 1 });
    try {
      await migrate(db);
      await measure('PostgreSQL', db, people, options.explain);
    } finally {
      await db.close();
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.close();
    }
  }
  return [];
}
