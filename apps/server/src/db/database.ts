import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** Anything that runs parameterised SQL: the database itself or an open transaction. */
export interface Queryable {
  query<T extends object>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface Database extends Queryable {
  readonly engine: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction; it rolls back when `fn` throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | { engine: 'pglite'; dataDir?: string }
  | { engine: 'postgres'; url: string; schema?: string; max?: number };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.engine === 'pglite' ? openPglite(options.dataDir) : openPostgres(options);
}

async function openPglite(dataDir?: string): Promise<Database> {
  // No dataDir means in memory: what the test suites use.
  const db = dataDir ? await PGlite.create(dataDir) : await PGlite.create();
  return {
    engine: 'pglite',
    async query<T extends object>(sql: string, params: unknown[] = []) {
      return (await db.query<T>(sql, params)).rows;
    },
    transaction(fn) {
      return db.transaction((tx) =>
        fn({
          query: async <T extends object>(sql: string, params: unknown[] = []) =>
            (await tx.query<T>(sql, params)).rows,
        }),
      );
    },
    close: () => db.close(),
  };
}

async function openPostgres(options: {
  url: string;
  schema?: string;
  max?: number;
}): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.max ?? 10,
    // A schema per test run keeps parallel suites apart on one server.
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  if (options.schema) {
    const admin = new pg.Client({ connectionString: options.url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA IF NOT EXISTS "${options.schema.replace(/"/g, '')}"`);
    await admin.end();
  }
  await pool.query('SELECT 1');
  return {
    engine: 'postgres',
    async query<T extends object>(sql: string, params: unknown[] = []) {
      return (await pool.query(sql, params)).rows as T[];
    },
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn({
          query: async <T extends object>(sql: string, params: unknown[] = []) =>
            (await client.query(sql, params)).rows as T[],
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/** Postgres error codes the services react to. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = error as { code?: string; constraint?: string } | null;
  return e?.code === '23505' && (!constraint || e.constraint === constraint);
}
