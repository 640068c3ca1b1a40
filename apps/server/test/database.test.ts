import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation, openDatabase, type Database } from '../src/db/database.js';

// The database layer on the engine of this run: PGlite in its own thread by default, the
// machine's PostgreSQL when DATABASE_URL is set (a schema of its own).
describe('the database', () => {
  const url = process.env['DATABASE_URL'];
  const schema = `test_db_${randomBytes(4).toString('hex')}`;
  let db: Database;
  beforeAll(async () => {
    db = url
      ? await openDatabase({ engine: 'postgres', url, schema, max: 4 })
      : await openDatabase({ engine: 'pglite' });
    await db.query('CREATE TABLE notes (id int PRIMARY KEY, text text NOT NULL)');
  });
  afterAll(async () => {
    if (url) await db.query(`DROP SCHEMA "${schema}" CASCADE`);
    await db.close();
  });

  it('keeps a statement sent while a transaction is open out of it', async () => {
    let inside!: () => void;
    const opened = new Promise<void>((ok) => (inside = ok));
    let letGo!: () => void;
    const held = new Promise<void>((ok) => (letGo = ok));
    const failing = db.transaction(async (tx) => {
      await tx.query(`INSERT INTO notes VALUES (1, 'rolled back')`);
      inside();
      await held;
      throw new Error('changed my mind');
    });
    await opened;
    // On PGlite's one connection this waits for the transaction; it must not join it and go
    // with its rollback.
    const alone = db.query(`INSERT INTO notes VALUES (2, 'kept')`);
    letGo();
    await expect(failing).rejects.toThrow('changed my mind');
    await alone;
    const rows = await db.query<{ id: number }>('SELECT id FROM notes ORDER BY id');
    expect(rows.map((r) => r.id)).toEqual([2]);
  });

  it("answers a refused statement with PostgreSQL's code and constraint", async () => {
    await db.query(`INSERT INTO notes VALUES (3, 'first')`);
    const error = await db.query(`INSERT INTO notes VALUES (3, 'again')`).catch((e) => e);
    expect(error).toBeInstanceOf(Error);
    expect(isUniqueViolation(error, 'notes_pkey')).toBe(true);
    expect(String(error.message)).toMatch(/duplicate key/);
    // The next statement runs as usual.
    expect(await db.query<{ n: number }>('SELECT count(*)::int AS n FROM notes')).toEqual([
      { n: 2 },
    ]);
  });

  it('refuses to call a transaction done when one of its statements failed', async () => {
    const result = db.transaction(async (tx) => {
      await tx.query(`INSERT INTO notes VALUES (4, 'lost')`);
      // Caught and ignored: PostgreSQL still rolls the whole transaction back at COMMIT.
      await tx.query(`INSERT INTO notes VALUES (3, 'duplicate')`).catch(() => undefined);
      return 'done';
    });
    await expect(result).rejects.toThrow(/rolled back/);
    expect(await db.query('SELECT id FROM notes WHERE id = 4')).toEqual([]);
  });

  it('parses values into their types and sends parameters of every kind', async () => {
    const at = new Date('2026-03-10T09:00:00.123Z');
    const id = '6f1c1a52-1d7e-4c3c-9b7a-2f8e1d0c4b5a';
    const [row] = await db.query<Record<string, unknown>>(
      `SELECT $1::timestamptz AS at, $2::int[] AS ints, $3::jsonb AS doc, $4::text AS nothing,
              $5::boolean AS yes, $6::uuid[] AS ids, ARRAY[1.5, 2]::real[] AS reals,
              ARRAY['a,b', 'c"d']::text[] AS texts`,
      [at, [1, 2], { a: 'b"c' }, null, true, [id]],
    );
    expect(row).toEqual({
      at,
      ints: [1, 2],
      doc: { a: 'b"c' },
      nothing: null,
      yes: true,
      ids: [id],
      reals: [1.5, 2],
      texts: ['a,b', 'c"d'],
    });
  });

  it.skipIf(url)('says which data directory PGlite could not open', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'doers-db-'));
    const file = join(dir, 'not-a-directory');
    await writeFile(file, 'x');
    try {
      await expect(openDatabase({ engine: 'pglite', dataDir: file })).rejects.toThrow(
        `PGlite could not open ${file}: file system error`,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
