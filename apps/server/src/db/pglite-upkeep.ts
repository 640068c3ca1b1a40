/**
 * What autovacuum does for a PostgreSQL server, done for PGlite, which runs none
 * (docs/decisions/0001-embedded-postgres-by-default.md, "Plans and upkeep").
 *
 * - Statistics: a statement keeps the generic plan it was first given (database.ts), and PGlite
 *   re-plans it only when its tables' statistics change. A lookup planned while its table was
 *   empty kept scanning the whole table as it grew, slower with every row. A table whose size
 *   moved by a tenth since its statistics were taken is analysed again, which re-plans what
 *   reads it.
 * - Transaction ids: each write uses one, and a table whose oldest unfrozen id grows too old
 *   stops the database (wraparound). At a thousand writes a second that is weeks away, so a
 *   table past `FREEZE_AGE` is vacuumed, which freezes it.
 */

/** A table as pg_class records it and as it is on disk now. */
export type TableState = {
  table: string;
  /** Pages when its statistics were last taken (pg_class.relpages). */
  analysedPages: number;
  pages: number;
  /** Transactions since its oldest unfrozen row (age(relfrozenxid)). */
  xidAge: number;
};

export type Upkeep = { table: string; action: 'ANALYZE' | 'VACUUM (ANALYZE)' };

/** Half of PostgreSQL's autovacuum_freeze_max_age: well before it would insist. */
export const FREEZE_AGE = 100_000_000;

/** The share of a table's pages it may grow or shrink by before it is analysed again. */
const CHANGED_SHARE = 0.1;
/** Small tables are left alone until they move by this many pages (8 KB each). */
const CHANGED_PAGES = 8;

/** What each table needs now, if anything. */
export function upkeepFor(tables: TableState[]): Upkeep[] {
  const due: Upkeep[] = [];
  for (const t of tables) {
    const moved = Math.abs(t.pages - t.analysedPages);
    if (t.xidAge > FREEZE_AGE) due.push({ table: t.table, action: 'VACUUM (ANALYZE)' });
    // Not down to (nearly) empty: a statement planned on an empty table's statistics scans the
    // table, and keeps scanning it as it fills again; its earlier statistics plan it better.
    else if (
      moved >= CHANGED_PAGES &&
      moved > t.analysedPages * CHANGED_SHARE &&
      t.pages >= CHANGED_PAGES
    )
      due.push({ table: t.table, action: 'ANALYZE' });
  }
  return due;
}

/** The tables of the current schema, read for `upkeepFor`. */
export const TABLE_STATES = `
  SELECT c.relname AS table, greatest(c.relpages, 0)::int AS "analysedPages",
         (pg_relation_size(c.oid) / current_setting('block_size')::int)::int AS pages,
         age(c.relfrozenxid)::int AS "xidAge"
    FROM pg_class c
   WHERE c.relkind = 'r' AND c.relnamespace = current_schema()::regnamespace
   ORDER BY c.relname`;

/** Runs what is due, one table at a time; returns what it did. */
export async function tend(run: <T>(sql: string) => Promise<T[]>): Promise<Upkeep[]> {
  const due = upkeepFor(await run<TableState>(TABLE_STATES));
  // Table names come from pg_class; quoted all the same.
  for (const u of due) await run(`${u.action} "${u.table.replace(/"/g, '""')}"`);
  return due;
}
