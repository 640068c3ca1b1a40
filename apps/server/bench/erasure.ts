// `npm run bench -- --only erasure`: how long erasing an account with 1,000 posts takes (the job
// `accounts.erase`, docs/product/your-data.md), on PGlite in memory and on PostgreSQL when
// DATABASE_URL is set (or --postgres). The app is built in this process, as the job runs in the
// server; the person's history is seeded straight into the database: 1,000 voice posts (each a
// stored file) reaching 200 vibers' timelines, 3 smiles and a hum on each, 200 comments of others
// with their files, 1,000 smiles, 200 hums and 200 comments of theirs on others' posts, 300
// vibes each way, a year of check-ins, 3,000 notifications about them and 3,000 to them.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { buildApp } from '../src/app.js';
import type { Database } from '../src/db/database.js';
import { systemClock } from '../src/platform/clock.js';
import { loadConfig } from '../src/platform/config.js';
import type { ObjectStorage } from '../src/platform/object-storage.js';
import { openRuntime } from '../src/runtime.js';
import { SHARED_VAPID } from '../test/support/shared-secrets.js';

const POSTS = 1_000;
const OTHERS = 200;

async function seed(db: Database, storage: ObjectStorage, dir: string): Promise<string> {
  const me = randomUUID();
  await db.query(
    `INSERT INTO users (id, email, username, display_name, password_hash, referral_code,
                        limit_quests, limit_post_duration, limit_dm_duration,
                        limit_referrals_per_month, status, deletion_due_at)
     SELECT CASE WHEN i = 0 THEN $1::uuid ELSE gen_random_uuid() END,
            'e' || i || '@bench.test', 'erase_' || i, 'Erase ' || i, 'x',
            'E' || lpad(i::text, 9, '0'), 1, 120, 120, 3,
            CASE WHEN i = 0 THEN 'Deleted' ELSE 'Active' END,
            CASE WHEN i = 0 THEN now() - interval '1 minute' END
       FROM generate_series(0, $2::int) i`,
    [me, OTHERS],
  );
  await db.query('INSERT INTO user_stats (user_id) SELECT id FROM users');
  const others = `(SELECT id FROM users WHERE id <> '${me}')`;
  await db.query(
    `INSERT INTO vibing_with (user_id, target_id)
     SELECT $1::uuid, id FROM ${others} o UNION ALL SELECT id, $1::uuid FROM ${others} o`,
    [me],
  );
  await db.query(
    `INSERT INTO vibes (id, sender_id, target_user_id, reason, created_at)
     SELECT gen_random_uuid(), CASE WHEN i % 2 = 0 THEN $1::uuid ELSE o.id END,
            CASE WHEN i % 2 = 0 THEN o.id ELSE $1::uuid END, 'inspired', now()
       FROM generate_series(1, 3) i, ${others} o WHERE i < 3 OR o.id::text < '8'`,
    [me],
  );
  // My posts, each with a stored voice note, in my 200 vibers' timelines.
  const bytes = randomBytes(2_000);
  // The storage moves the file it is given away: one written afresh for each object.
  const store = async (id: string) => {
    const file = join(dir, `voice-${id}`);
    await writeFile(file, bytes);
    await storage.put(id, file, 'audio/webm');
  };
  const media = await db.query<{ id: string }>(
    `INSERT INTO media (id, owner_id, kind, purpose, content_type, size_bytes, attached_type,
                        attached_id, is_public, created_at)
     SELECT gen_random_uuid(), $1, 'voice', 'post', 'audio/webm', 2000, 'post', NULL, true, now()
       FROM generate_series(1, $2::int) RETURNING id`,
    [me, POSTS],
  );
  for (const { id } of media) await store(id);
  await db.query(
    `WITH m AS (SELECT id, row_number() OVER () AS n FROM media WHERE owner_id = $1)
     INSERT INTO posts (id, author_id, visibility, voice_media_id, created_at)
     SELECT gen_random_uuid(), $1, 'public', m.id, now() - make_interval(mins => m.n::int) FROM m`,
    [me],
  );
  await db.query(
    `UPDATE media m SET attached_id = p.id::text FROM posts p WHERE p.voice_media_id = m.id`,
  );
  await db.query(
    `INSERT INTO timeline (user_id, post_id, author_id, at)
     SELECT v.user_id, p.id, p.author_id, p.created_at
       FROM posts p JOIN vibing_with v ON v.target_id = p.author_id WHERE p.author_id = $1`,
    [me],
  );
  // Others' posts, and reactions both ways.
  await db.query(
    `INSERT INTO posts (id, author_id, visibility, voice_media_id, created_at)
     SELECT gen_random_uuid(), o.id, 'public', gen_random_uuid(), now() - make_interval(secs => i)
       FROM ${others} o, generate_series(1, 5) i`,
  );
  await db.query(
    `INSERT INTO smiles (post_id, user_id, created_at)
     SELECT p.id, o.id, now() FROM posts p
       CROSS JOIN LATERAL (SELECT id FROM ${others} x ORDER BY x.id <> p.author_id, random() LIMIT 3) o
      WHERE p.author_id = $1
     UNION ALL
     SELECT id, $1, now() FROM posts WHERE author_id <> $1`,
    [me],
  );
  await db.query(
    `INSERT INTO hums (post_id, user_id, created_at)
     SELECT p.id, (SELECT id FROM ${others} x WHERE p.id IS NOT NULL ORDER BY random() LIMIT 1), now()
       FROM posts p WHERE p.author_id = $1
     UNION ALL
     SELECT id, $1, now() FROM (SELECT id FROM posts WHERE author_id <> $1 LIMIT 200) p`,
    [me],
  );
  await db.query(
    `INSERT INTO comments (id, post_id, author_id, voice_media_id, created_at)
     SELECT gen_random_uuid(), p.id, o.id, gen_random_uuid(), now()
       FROM (SELECT id, row_number() OVER () AS n FROM posts WHERE author_id = $1 LIMIT 200) p
       JOIN (SELECT id, row_number() OVER () AS n FROM ${others} x) o ON o.n = p.n
     UNION ALL
     SELECT gen_random_uuid(), id, $1, gen_random_uuid(), now()
       FROM (SELECT id FROM posts WHERE author_id <> $1 LIMIT 200) p`,
    [me],
  );
  await db.query(
    `INSERT INTO media (id, owner_id, kind, purpose, content_type, size_bytes, attached_type,
                        attached_id, created_at)
     SELECT c.voice_media_id, c.author_id, 'voice', 'comment', 'audio/webm', 2000, 'comment',
            c.id::text, now() FROM comments c`,
  );
  const commentFiles = await db.query<{ id: string }>('SELECT voice_media_id AS id FROM comments');
  for (const { id } of commentFiles) await store(id);
  await db.query(
    `UPDATE posts p SET smile_count = (SELECT count(*) FROM smiles s WHERE s.post_id = p.id),
                        hum_count = (SELECT count(*) FROM hums h WHERE h.post_id = p.id),
                        comment_count = (SELECT count(*) FROM comments c WHERE c.post_id = p.id)`,
  );
  // A year of check-ins on a quest of mine; notifications about me and to me.
  const quest = randomUUID();
  await db.query(
    `INSERT INTO quests (id, owner_id, title, category, emoji, visibility, started_on)
     VALUES ($1, $2, 'Every day', 'other', '⭐', 'public', '2025-01-01')`,
    [quest, me],
  );
  await db.query(
    `INSERT INTO check_ins (id, quest_id, user_id, day, zone, day_start_hour, anchor_at, created_at)
     SELECT gen_random_uuid(), $1, $2, to_char(d, 'YYYY-MM-DD'), 'UTC', 0, d, d
       FROM generate_series(timestamptz '2025-01-01', timestamptz '2025-12-31', interval '1 day') d`,
    [quest, me],
  );
  await db.query(
    `INSERT INTO notifications (id, user_id, type, actor_id, fold_key, created_at)
     SELECT gen_random_uuid(), o.id, 'smile', $1::uuid, 'smile:' || gen_random_uuid(), now()
       FROM ${others} o, generate_series(1, 15) i
     UNION ALL
     SELECT gen_random_uuid(), $1::uuid, 'smile', o.id, 'smile:' || gen_random_uuid(), now()
       FROM ${others} o, generate_series(1, 15) i`,
    [me],
  );
  await db.query('ANALYZE');
  return me;
}

async function measure(name: string, databaseUrl: string | undefined): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'doers-bench-erasure-'));
  const schema = `bench_erase_${randomBytes(4).toString('hex')}`;
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    JWT_SECRET: randomBytes(32).toString('hex'),
    WEB_DIST: join(dataDir, 'no-web-build'),
    DATABASE_URL: databaseUrl,
    REDIS_URL: undefined,
    // On PostgreSQL these must be given (config.ts); on PGlite they are generated into DATA_DIR.
    ...(databaseUrl ? { PUBLIC_URL: 'http://doers.bench', ...SHARED_VAPID } : {}),
  });
  const runtime = await openRuntime(config, pino({ level: 'silent' }), {
    inMemory: true,
    pgSchema: schema,
  });
  const app = await buildApp({ config, ...runtime, clock: systemClock, version: 'bench' });
  try {
    const me = await seed(runtime.db, runtime.storage, dataDir);
    const rows = await runtime.db.query<{ n: number }>(
      `SELECT (SELECT count(*) FROM timeline) + (SELECT count(*) FROM smiles)
            + (SELECT count(*) FROM notifications) + (SELECT count(*) FROM posts)::int AS n`,
    );
    const start = performance.now();
    await app.jobs.run('accounts.erase');
    const ms = performance.now() - start;
    const left = await runtime.db.query('SELECT 1 FROM users WHERE id = $1', [me]);
    if (left.length) throw new Error('the account was not erased');
    console.log(
      `Erasing an account with ${POSTS.toLocaleString('en')} posts, ${name}: ` +
        `${(ms / 1000).toFixed(2)} s (${Number(rows[0]!.n).toLocaleString('en')} rows in the ` +
        `tables it touches before)`,
    );
  } finally {
    await app.close();
    if (runtime.db.engine === 'postgres') await runtime.db.query(`DROP SCHEMA "${schema}" CASCADE`);
    if (runtime.queueSchema)
      await runtime.db.query(`DROP SCHEMA IF EXISTS "${runtime.queueSchema}" CASCADE`);
    await runtime.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export async function benchErasure(options: { postgresUrl: string | undefined }): Promise<void> {
  console.log('\nAccount erasure (the job accounts.erase)');
  await measure('PGlite', undefined);
  if (options.postgresUrl) await measure('PostgreSQL', options.postgresUrl);
}
