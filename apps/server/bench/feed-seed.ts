// The feed benchmark's data set, written straight in SQL (generate_series, INSERT … SELECT), never
// through the API: people, a long-tailed vibing graph, posts with their media, smiles, a few
// blocks, every counter consistent, and the timelines the app would have written at post time.
// Ids are md5 of a name (`bench-user-42`), so the bench knows them without asking.
import { createHash } from 'node:crypto';
import type { Queryable } from '../src/db/database.js';
import { CHECKPOINT_LAG_DAYS } from '../src/contexts/progress/streaks/streak-calculator.js';

export type FeedScale = {
  users: number;
  /** Vibing-with picks per person (duplicates and self-picks drop a few). */
  vibesEach: number;
  posts: number;
  smiles: number;
  blocks: number;
};

export function feedScale(factor: number): FeedScale {
  const n = (base: number) => Math.max(1, Math.round(base * factor));
  return {
    users: n(10_000),
    vibesEach: Math.min(200, n(10_000) - 1),
    posts: n(200_000),
    smiles: n(2_000_000),
    blocks: n(2_000),
  };
}

/** How many entries a reader's timeline keeps (the posts module trims to the same depth). */
export const TIMELINE_DEPTH = 500;
export const BENCH_PASSWORD = 'bench-password-2026';
/** Days the posts are spread over, ending at seeding time. */
const POST_DAYS = 60;

/** md5 of the name, stamped as a version 4 UUID (the contract accepts no other kind). */
export const benchId = (name: string): string => {
  const h = createHash('md5').update(name).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20)}`;
};
export const userId = (i: number) => benchId(`bench-user-${i}`);
export const sessionId = (i: number) => benchId(`bench-session-${i}`);
export const questId = (i: number) => benchId(`bench-quest-${i}`);

/** The SQL twin of benchId. */
export const id = (prefix: string, expr: string) =>
  `overlay(overlay(md5('bench-${prefix}-' || (${expr})) placing '4' from 13) placing '8' from 17)::uuid`;

type Step = (label: string, sql: string) => Promise<void>;

/** Big tables whose secondary indexes are dropped while loading and built again after. */
const BULK_TABLES = ['vibing_with', 'media', 'smiles', 'timeline'];

/**
 * Seeds an empty, migrated database through one session (`db` must be a single connection: the
 * settings below are per session). `log` hears each step with its time. Big steps go in chunks so
 * PGlite never holds one enormous statement's work in memory. Foreign-key triggers are off while
 * loading (the rows are consistent by construction) and secondary indexes are built once at the
 * end, from their own definitions, which is several times faster than row by row.
 */
export async function seedFeed(
  db: Queryable,
  scale: FeedScale,
  passwordHash: string,
  log: (line: string) => void,
): Promise<void> {
  const { users: N, posts: P } = scale;
  const step: Step = async (label, sql) => {
    const t = performance.now();
    await db.query(sql);
    log(`  ${label} (${((performance.now() - t) / 1000).toFixed(1)} s)`);
  };
  const chunks = async (
    label: string,
    total: number,
    size: number,
    sql: (a: number, b: number) => string,
  ) => {
    const t = performance.now();
    for (let a = 1; a <= total; a += size) await db.query(sql(a, Math.min(total, a + size - 1)));
    log(`  ${label} (${((performance.now() - t) / 1000).toFixed(1)} s)`);
  };
  const hash = passwordHash.replace(/'/g, "''");
  await db.query('SET session_replication_role = replica');
  await db.query("SET work_mem = '128MB'");
  const indexes = await db.query<{ name: string; def: string }>(
    `SELECT i.indexname AS name, i.indexdef AS def FROM pg_indexes i
      WHERE i.schemaname = current_schema() AND i.tablename = ANY($1)
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
    [BULK_TABLES],
  );
  for (const index of indexes) await db.query(`DROP INDEX "${index.name}"`);

  await chunks(
    `${N.toLocaleString('en-US')} people, their stats, a session and a quest each`,
    N,
    20_000,
    (a, b) => `
    WITH people AS (SELECT i, ${id('user', 'i')} AS id FROM generate_series(${a}, ${b}) i),
    u AS (
      INSERT INTO users (id, email, username, display_name, password_hash, referral_code,
                         limit_quests, limit_post_duration, limit_dm_duration,
                         limit_referrals_per_month, color_theme, halo_intensity, timezone,
                         profile_picture_url, created_at, updated_at, last_active)
      SELECT id, 'bench' || i || '@bench.doers.test', 'bench' || i, 'Bench Person ' || i, '${hash}',
             'BENCH' || i, 3, 60, 60, 5,
             (ARRAY['#4A90E2','#E24A6A','#2EB67D','#F5A623','#9B51E0'])[1 + i % 5],
             0.3 + (i % 7) / 10.0, 'UTC', NULL,
             now() - interval '120 days', now() - interval '120 days', now()
        FROM people RETURNING id
    ),
    s AS (INSERT INTO user_stats (user_id, active_quests) SELECT id, 1 FROM u RETURNING user_id),
    se AS (
      INSERT INTO sessions (id, user_id, device_id, device_name, device_type, device_os,
                            device_browser, created_at, last_used_at, expires_at, idle_expires_at)
      SELECT ${id('session', 'i')}, id, 'bench-device', 'Bench', 'web', 'Linux', 'autocannon',
             now(), now(), now() + interval '90 days', now() + interval '30 days'
        FROM people RETURNING id
    ),
    q AS (
      INSERT INTO quests (id, owner_id, title, category, emoji, visibility, started_on, created_at,
                          updated_at)
      SELECT ${id('quest', 'i')}, id, 'Daily practice ' || i, 'fitness', '💪', 'public',
             to_char(now() - interval '60 days', 'YYYY-MM-DD'), now() - interval '60 days',
             now() - interval '60 days'
        FROM people RETURNING id, owner_id
    )
    INSERT INTO quest_participants (quest_id, user_id, role, joined_at, joined_on)
    SELECT id, owner_id, 'owner', now() - interval '60 days',
           to_char(now() - interval '60 days', 'YYYY-MM-DD') FROM q`,
  );

  // Long-tailed: a pick is person 1 + ⌊N·u²⌋ (u uniform), so the person of rank r is picked
  // ~ N·vibesEach/(2·√(r·N)) times: rank 1 by everyone, ranks up to ~100 by thousands, the tail
  // by a few dozen.
  await chunks(
    `vibing with (${scale.vibesEach} picks each, long-tailed)`,
    N,
    2_000,
    (a, b) => `
    INSERT INTO vibing_with (user_id, target_id, created_at)
    SELECT ${id('user', 'i')}, ${id('user', 't')}, now() - random() * interval '120 days'
      FROM (SELECT i, 1 + floor(${N} * random() ^ 2)::int AS t
              FROM generate_series(${a}, ${b}) i, generate_series(1, ${scale.vibesEach}) j) x
     WHERE t <> i
    ON CONFLICT DO NOTHING`,
  );

  await step(
    `${scale.blocks.toLocaleString('en-US')} blocks (vibing between them ended)`,
    `
    INSERT INTO blocks (blocker_id, blocked_id, created_at)
    SELECT ${id('user', 'a')}, ${id('user', 'b')}, now() - interval '1 day'
      FROM (SELECT 1 + floor(${N} * random())::int AS a, 1 + floor(${N} * random())::int AS b
              FROM generate_series(1, ${scale.blocks})) x
     WHERE a <> b
    ON CONFLICT DO NOTHING`,
  );
  await db.query(`DELETE FROM vibing_with v USING blocks b
                   WHERE v.user_id = b.blocker_id AND v.target_id = b.blocked_id`);
  await db.query(`DELETE FROM vibing_with v USING blocks b
                   WHERE v.user_id = b.blocked_id AND v.target_id = b.blocker_id`);

  // Person i checked in on their quest on each of the last 5 + i % 50 days up to yesterday (UTC):
  // a check-in then reads a history and extends a running streak, as an established member's
  // does, and the check-in tables are as big as a real service's. Their figures as those
  // check-ins make them, and the GOAT among them.
  const yesterday = `((now() AT TIME ZONE 'UTC')::date - 1)`;
  await chunks(
    `check-ins (5 to 54 days a person)`,
    N,
    20_000,
    (a, b) => `
    INSERT INTO check_ins (id, quest_id, user_id, day, zone, day_start_hour, anchor_at, created_at)
    SELECT ${id('check-in', "i || '-' || d")}, ${id('quest', 'i')}, ${id('user', 'i')},
           to_char(day, 'YYYY-MM-DD'), 'UTC', 0, (day + time '12:00') AT TIME ZONE 'UTC',
           (day + time '12:00') AT TIME ZONE 'UTC'
      FROM generate_series(${a}, ${b}) i, generate_series(0, 4 + i % 50) d,
           LATERAL (SELECT ${yesterday} - d AS day) x`,
  );
  // The checkpoint each keeps, as the server's writes leave it (CHECKPOINT_LAG_DAYS back): every
  // day before it was checked in, so the walk up to it is one run over those days.
  const iso = (t: string) => `to_char((${t}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  await step(
    'their figures',
    `
    WITH x AS (SELECT ${id('user', 'i')} AS user_id, ${id('quest', 'i')} AS quest_id,
                      5 + i % 50 AS k FROM generate_series(1, ${N}) i),
    settled AS (
      SELECT x.user_id, jsonb_build_object('before', ${iso(`now() - interval '${CHECKPOINT_LAG_DAYS} days'`)},
               'run', count(c.id), 'longest', count(c.id), 'days', count(c.id),
               'checkIns', count(c.id),
               'previous', CASE WHEN count(c.id) = 0 THEN NULL ELSE jsonb_build_object(
                 'day', max(c.day), 'zone', 'UTC', 'dayStartHour', 0,
                 'at', ${iso('max(c.anchor_at)')}) END) AS checkpoint
        FROM x LEFT JOIN check_ins c ON c.user_id = x.user_id
             AND c.anchor_at < now() - interval '${CHECKPOINT_LAG_DAYS} days'
       GROUP BY x.user_id),
    p AS (
      UPDATE quest_participants p SET run_length = x.k, longest_streak = x.k,
             total_check_ins = x.k, last_day = to_char(${yesterday}, 'YYYY-MM-DD'),
             last_zone = 'UTC', last_day_start_hour = 0,
             last_at = (${yesterday} + time '12:00') AT TIME ZONE 'UTC',
             streak_checkpoint = settled.checkpoint
        FROM x JOIN settled USING (user_id)
       WHERE p.quest_id = x.quest_id AND p.user_id = x.user_id
    )
    UPDATE user_stats s SET current_streak = x.k, longest_streak = x.k, total_check_ins = x.k,
           last_day = to_char(${yesterday}, 'YYYY-MM-DD'), last_zone = 'UTC',
           last_day_start_hour = 0, last_at = (${yesterday} + time '12:00') AT TIME ZONE 'UTC',
           week_start = to_char(date_trunc('week', ${yesterday}), 'YYYY-MM-DD'),
           week_check_ins = least(x.k, ${yesterday} - date_trunc('week', ${yesterday})::date + 1),
           streak_checkpoint = settled.checkpoint
      FROM x JOIN settled USING (user_id) WHERE s.user_id = x.user_id`,
  );
  await db.query(`UPDATE users SET is_goat = true WHERE id = (
                    SELECT s.user_id FROM user_stats s JOIN users u ON u.id = s.user_id
                     ORDER BY s.longest_streak DESC, u.created_at, u.id LIMIT 1)`);

  // One post in ten is for vibers only, two in five report on the author's quest, one in seven
  // carries a photo.
  await chunks(
    `${P.toLocaleString('en-US')} posts over ${POST_DAYS} days`,
    P,
    100_000,
    (a, b) => `
    INSERT INTO posts (id, author_id, quest_id, quest_streak, visibility, voice_media_id,
                       attachment_media_id, created_at)
    SELECT ${id('post', 'k')}, ${id('user', 'a')},
           CASE WHEN k % 5 < 2 THEN ${id('quest', 'a')} END,
           CASE WHEN k % 5 < 2 THEN 1 + k % 30 ELSE 0 END,
           CASE WHEN k % 10 = 0 THEN 'vibers' ELSE 'public' END,
           ${id('voice', 'k')}, CASE WHEN k % 7 = 0 THEN ${id('photo', 'k')} END, at
      FROM (SELECT k, 1 + floor(${N} * random())::int AS a,
                   now() - random() * interval '${POST_DAYS} days' AS at
              FROM generate_series(${a}, ${b}) k) x`,
  );

  await step(
    'their voice notes and photos (media rows)',
    `
    INSERT INTO media (id, owner_id, kind, purpose, content_type, size_bytes, duration_ms, waveform,
                       attached_type, attached_id, is_public, created_at, attached_at)
    SELECT voice_media_id, author_id, 'voice', 'post', 'audio/mp4', 16000 + (hashtext(id::text) & 65535),
           3000 + (hashtext(id::text) & 65535) % 57000,
           (SELECT array_agg(round((0.2 + 0.6 * abs(sin(g / 7.0)))::numeric, 2)::real)
              FROM generate_series(1, 100) g),
           'post', id::text, visibility = 'public', created_at, created_at
      FROM posts`,
  );
  await step(
    'photos',
    `
    INSERT INTO media (id, owner_id, kind, purpose, content_type, size_bytes, width, height,
                       variant_type, variant_size, attached_type, attached_id, is_public,
                       created_at, attached_at)
    SELECT attachment_media_id, author_id, 'photo', 'post', 'image/jpeg', 180000, 1080, 1350,
           'image/webp', 24000, 'post', id::text, visibility = 'public', created_at, created_at
      FROM posts WHERE attachment_media_id IS NOT NULL`,
  );

  // Smiles go to public posts of others; a few posts draw most of them (post 1 + ⌊P·u²⌋).
  const t = performance.now();
  for (let round = 0; round < 6; round++) {
    const [count] = await db.query<{ n: string }>('SELECT count(*) AS n FROM smiles');
    const missing = scale.smiles - Number(count!.n);
    if (missing <= 0) break;
    for (let done = 0; done < missing; done += 500_000)
      await db.query(`
        INSERT INTO smiles (post_id, user_id, created_at)
        SELECT p.id, x.u, p.created_at + random() * (now() - p.created_at)
          FROM (SELECT CASE WHEN k % 10 = 0 THEN k - 1 ELSE k END AS k, ${id('user', 'u')} AS u
                  FROM (SELECT 1 + floor(${P} * random() ^ 2)::int AS k,
                               1 + floor(${N} * random())::int AS u
                          FROM generate_series(1, ${Math.min(500_000, missing - done)})) r) x
          JOIN posts p ON p.id = ${id('post', 'x.k')}
         WHERE p.author_id <> x.u
           AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = x.u AND b.blocked_id = p.author_id)
           AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = p.author_id AND b.blocked_id = x.u)
        ON CONFLICT DO NOTHING`);
  }
  log(
    `  ${scale.smiles.toLocaleString('en-US')} smiles (${((performance.now() - t) / 1000).toFixed(1)} s)`,
  );

  await step(
    'counters (posts.smile_count, user_stats)',
    `
    UPDATE posts p SET smile_count = s.n
      FROM (SELECT post_id, count(*)::int AS n FROM smiles GROUP BY post_id) s
     WHERE s.post_id = p.id`,
  );
  await db.query(`
    UPDATE user_stats st
       SET total_posts = x.posts, total_smiles = x.smiles, total_post_interactions = x.smiles,
           total_smiles_sent = x.sent, total_vibers = x.vibers, total_vibing_with = x.vibing
      FROM (SELECT u.id,
                   COALESCE(p.posts, 0) AS posts, COALESCE(p.smiles, 0) AS smiles,
                   COALESCE(s.sent, 0) AS sent, COALESCE(vr.n, 0) AS vibers,
                   COALESCE(vw.n, 0) AS vibing
              FROM users u
              LEFT JOIN (SELECT author_id, count(*)::int AS posts, sum(smile_count)::int AS smiles
                           FROM posts GROUP BY author_id) p ON p.author_id = u.id
              LEFT JOIN (SELECT user_id, count(*)::int AS sent FROM smiles GROUP BY user_id) s
                     ON s.user_id = u.id
              LEFT JOIN (SELECT target_id, count(*)::int AS n FROM vibing_with GROUP BY target_id) vr
                     ON vr.target_id = u.id
              LEFT JOIN (SELECT user_id, count(*)::int AS n FROM vibing_with GROUP BY user_id) vw
                     ON vw.user_id = u.id) x
     WHERE st.user_id = x.id`);

  await seedTimelines(db, N, log);
  const t2 = performance.now();
  for (const index of indexes) await db.query(index.def);
  log(
    `  ${indexes.length} secondary indexes built (${((performance.now() - t2) / 1000).toFixed(1)} s)`,
  );
  await db.query('SET session_replication_role = DEFAULT');
  // What autovacuum would have done by the time a database grew this big (visibility maps set,
  // statistics taken): left to it, PostgreSQL's autovacuum worked on the fresh tables during the
  // measured runs, and their figures moved from one run to the next
  // (docs/notes/feed-writes-lab.md).
  // Only the tables seeded: an empty table's statistics say "no rows", and a lookup planned on
  // them scans the table as it grows (notifications, during the smile row) until it is analysed
  // again; a fresh install's empty tables have never been analysed, and are planned as small.
  const seeded = await db.query<{ name: string }>(
    `SELECT quote_ident(relname) AS name FROM pg_class
      WHERE relkind = 'r' AND relnamespace = current_schema()::regnamespace
        AND pg_relation_size(oid) > 0 ORDER BY relname`,
  );
  await step('VACUUM (ANALYZE)', `VACUUM (ANALYZE) ${seeded.map((t) => t.name).join(', ')}`);
}

/**
 * Each reader's timeline as fan-out on write leaves it (timeline.repository.ts fanOutPost): their
 * own posts and those of the people they vibe with (a vibers post only when the two vibe with
 * each other; the quests here have no other members), the newest TIMELINE_DEPTH kept, and a horizon row where older ones were dropped.
 * Only a recent window is sorted per reader: wide enough for 1.3 × the depth at the reader's
 * posting rate; where it still holds fewer, the window's start is the horizon (the timeline is
 * complete above it, which is all the feed relies on).
 */
async function seedTimelines(db: Queryable, N: number, log: (line: string) => void) {
  const t = performance.now();
  const [{ first } = { first: '' }] = await db.query<{ first: string }>(
    'SELECT min(created_at)::text AS first FROM posts',
  );
  for (let a = 1; a <= N; a += 500) {
    const b = Math.min(N, a + 499);
    await db.query(`
      CREATE TEMP TABLE bench_readers AS
      SELECT r.id, r.total,
             now() - (now() - '${first}'::timestamptz)
                     * LEAST(1, 1.3 * ${TIMELINE_DEPTH} / GREATEST(r.total, 1)) AS since
        FROM (SELECT u.id, st.total_posts + COALESCE((SELECT sum(ts.total_posts)
                                                       FROM vibing_with v
                                                       JOIN user_stats ts ON ts.user_id = v.target_id
                                                      WHERE v.user_id = u.id), 0) AS total
                FROM (SELECT ${id('user', 'i')} AS id FROM generate_series(${a}, ${b}) i) u
                JOIN user_stats st ON st.user_id = u.id) r`);
    await db.query(`
      INSERT INTO timeline (user_id, post_id, author_id, hummed_by, at)
      SELECT reader, post_id, author_id, NULL, at
        FROM (SELECT c.reader, c.post_id, c.author_id, c.at,
                     row_number() OVER (PARTITION BY c.reader ORDER BY c.at DESC, c.post_id DESC) AS n
                FROM (SELECT r.id AS reader, p.id AS post_id, p.author_id, p.created_at AS at
                        FROM bench_readers r
                        JOIN posts p ON p.author_id = r.id AND p.created_at >= r.since
                      UNION ALL
                      SELECT r.id, p.id, p.author_id, p.created_at
                        FROM bench_readers r
                        JOIN vibing_with v ON v.user_id = r.id
                        JOIN posts p ON p.author_id = v.target_id AND p.created_at >= r.since
                       WHERE p.visibility = 'public'
                          OR EXISTS (SELECT 1 FROM vibing_with m
                                      WHERE m.user_id = p.author_id AND m.target_id = r.id)) c) x
       WHERE n <= ${TIMELINE_DEPTH}`);
    await db.query(`
      INSERT INTO timeline_horizon (user_id, horizon)
      SELECT r.id, CASE WHEN k.n >= ${TIMELINE_DEPTH} THEN k.oldest ELSE r.since END
        FROM bench_readers r
        JOIN LATERAL (SELECT count(*) AS n, min(at) AS oldest FROM timeline t
                       WHERE t.user_id = r.id) k ON true
       WHERE r.total > k.n`);
    await db.query('DROP TABLE bench_readers');
  }
  const [{ n } = { n: '0' }] = await db.query<{ n: string }>('SELECT count(*) AS n FROM timeline');
  log(
    `  timelines: ${Number(n).toLocaleString('en-US')} entries ` +
      `(${((performance.now() - t) / 1000).toFixed(1)} s)`,
  );
}
