import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './database.js';
import { FREEZE_AGE, upkeepFor, type TableState } from './pglite-upkeep.js';

const table = (t: Partial<TableState>): TableState => ({
  table: 't',
  analysedPages: 0,
  pages: 0,
  xidAge: 1_000,
  ...t,
});

describe('upkeepFor', () => {
  it.each([
    ['an empty table that stayed empty', { analysedPages: 0, pages: 0 }, []],
    ['a small table that grew by fewer than 8 pages', { analysedPages: 0, pages: 7 }, []],
    ['an empty table that grew by 8 pages', { analysedPages: 0, pages: 8 }, ['ANALYZE']],
    ['a large table that grew by less than a tenth', { analysedPages: 1_000, pages: 1_100 }, []],
    [
      'a large table that grew by more than a tenth',
      { analysedPages: 1_000, pages: 1_101 },
      ['ANALYZE'],
    ],
    ['a table that shrank by more than a tenth', { analysedPages: 1_000, pages: 800 }, ['ANALYZE']],
    ['a table emptied down to fewer than 8 pages', { analysedPages: 100, pages: 7 }, []],
    [
      'a table whose rows are old enough to freeze',
      { xidAge: FREEZE_AGE + 1 },
      ['VACUUM (ANALYZE)'],
    ],
    [
      'a grown table old enough to freeze: vacuumed (which analyses) once',
      { analysedPages: 0, pages: 100, xidAge: FREEZE_AGE + 1 },
      ['VACUUM (ANALYZE)'],
    ],
  ])('%s', (_, state, actions) => {
    expect(upkeepFor([table(state)]).map((u) => u.action)).toEqual(actions);
  });
});

describe('PGlite upkeep', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openDatabase({ engine: 'pglite' });
    await db.query('SET plan_cache_mode = force_generic_plan');
    await db.query('CREATE TABLE lines (id int PRIMARY KEY, owner int NOT NULL, body text)');
    await db.query('CREATE INDEX lines_owner_idx ON lines (owner)');
    await db.query('ANALYZE lines');
  });
  afterAll(() => db.close());

  /** The plan a prepared lookup by owner runs with now (its cached generic plan). */
  const lookupPlan = async () => {
    const rows = await db.query<{ 'QUERY PLAN': string }>(
      'EXPLAIN (COSTS OFF) EXECUTE by_owner(7)',
    );
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  };

  it('re-plans a lookup prepared while its table was empty once the table has grown', async () => {
    await db.query('PREPARE by_owner(int) AS SELECT id FROM lines WHERE owner = $1');
    await db.query('EXECUTE by_owner(7)');
    expect(await lookupPlan()).toContain('Seq Scan on lines');

    await db.query(
      `INSERT INTO lines SELECT g, g % 1000, repeat('x', 40) FROM generate_series(1, 20000) g`,
    );
    // Nothing told the cached plan the table grew: it still reads all 20,000 rows.
    expect(await lookupPlan()).toContain('Seq Scan on lines');

    expect(await db.tend!()).toContainEqual({ table: 'lines', action: 'ANALYZE' });
    expect(await lookupPlan()).toMatch(/Index Scan|Bitmap Index Scan/);
    // Statistics now match the table: nothing more to do until it moves again.
    expect(await db.tend!()).toEqual([]);
  });
});
