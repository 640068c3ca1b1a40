import type { Database, Queryable } from './database.js';

/** Told the time of every statement, in seconds, and whether it failed. */
export type QueryTimed = (seconds: number, failed: boolean) => void;

/**
 * The database with each statement timed (the metrics' query histogram, app.ts): every query,
 * on its own or inside a transaction, goes through here once. The SQL is never passed on: a
 * label per statement text would make a series per query shape.
 */
export function timedDatabase(db: Database, timed: QueryTimed): Database {
  const time = (q: Queryable): Queryable => ({
    async query<T extends object>(sql: string, params?: unknown[]): Promise<T[]> {
      const started = performance.now();
      try {
        const rows = await q.query<T>(sql, params);
        timed((performance.now() - started) / 1000, false);
        return rows;
      } catch (error) {
        timed((performance.now() - started) / 1000, true);
        throw error;
      }
    },
    // What waits for the commit (onCommit) must still reach the transaction underneath.
    ...(q.afterCommit ? { afterCommit: (fn: () => void) => q.afterCommit!(fn) } : {}),
  });
  return {
    engine: db.engine,
    ...time(db),
    transaction: (fn) => db.transaction((tx) => fn(time(tx))),
    ...(db.dump ? { dump: () => db.dump!() } : {}),
    ...(db.tend ? { tend: () => db.tend!() } : {}),
    close: () => db.close(),
  };
}
