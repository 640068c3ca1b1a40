import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../db/database.js';
import { notBlockedBetween, notBlockedBetweenByKey } from './block-filter.js';

describe('notBlockedBetween and notBlockedBetweenByKey', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openDatabase({ engine: 'pglite' });
    await db.query('SET plan_cache_mode = force_generic_plan');
    // The blocks table of migration 010, with a couple of thousand rows: a size at which the
    // planner, left to itself, hashes all of them once a statement rather than probe twice a row.
    await db.query(`CREATE TABLE blocks (blocker_id uuid NOT NULL, blocked_id uuid NOT NULL,
                                         PRIMARY KEY (blocker_id, blocked_id))`);
    await db.query('CREATE INDEX blocks_blocked_idx ON blocks (blocked_id, blocker_id)');
    await db.query(`INSERT INTO blocks SELECT gen_random_uuid(), gen_random_uuid()
                      FROM generate_series(1, 2000)`);
    await db.query('ANALYZE blocks');
  });
  afterAll(() => db.close());

  const pairs = (n: number) => [
    Array.from({ length: n }, () => crypto.randomUUID()),
    Array.from({ length: n }, () => crypto.randomUUID()),
  ];

  it.each([
    ['notBlockedBetween', notBlockedBetween],
    ['notBlockedBetweenByKey', notBlockedBetweenByKey],
  ])('%s answers whether either of two people blocked the other', async (_, rule) => {
    const [a, b, c] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    await db.query('INSERT INTO blocks VALUES ($1, $2)', [a, b]);
    const free = async (x: string, y: string) =>
      (
        await db.query<{ free: boolean }>(`SELECT ${rule('$1::uuid', '$2::uuid')} AS free`, [x, y])
      )[0]!.free;
    expect(await free(a, b)).toBe(false);
    expect(await free(b, a)).toBe(false);
    expect(await free(a, c)).toBe(true);
  });

  it('ByKey probes the two indexes for each row instead of reading the whole table', async () => {
    // Inside an OR, as post visibility has it: a sub-plan per row, never an anti-join.
    await db.query(
      `PREPARE visible(uuid[], uuid[]) AS
         SELECT x.a FROM unnest($1, $2) AS x(a, b)
          WHERE x.a = x.b OR ${notBlockedBetweenByKey('x.a', 'x.b')}`,
    );
    const [a, b] = pairs(5);
    const plan = (
      await db.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN (COSTS OFF) EXECUTE visible('{${a!.join(',')}}', '{${b!.join(',')}}')`,
      )
    )
      .map((r) => r['QUERY PLAN'])
      .join('\n');
    expect(plan).not.toContain('hashed');
    expect(plan).not.toContain('Seq Scan on blocks');
    expect(plan).toMatch(/Index Only Scan using \w+ on blocks blk_a/);
    expect(plan).toMatch(/Index Only Scan using \w+ on blocks blk_b/);
  });
});
