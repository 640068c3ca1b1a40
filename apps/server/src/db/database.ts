import pg from 'pg';
import { preparedRunner } from './pglite-runner.js';
import { PgliteThread, type PgliteConnection } from './pglite-thread.js';
import { tend, type Upkeep } from './pglite-upkeep.js';
import { TransactionGate } from './transaction-gate.js';

/** How often PGlite's tables are looked at for upkeep (pglite-upkeep.ts). */
const UPKEEP_EVERY_MS = 10_000;

/** Anything that runs parameterised SQL: the database itself or an open transaction. */
export interface Queryable {
  query<T extends object>(sql: string, params?: unknown[]): Promise<T[]>;
  /**
   * An open transaction's: runs `fn` once it has committed (never when it rolls back). The
   * transaction's promise settles after what `fn` returns has (an event's delivery: the request
   * answers once its consequences are in place).
   */
  afterCommit?(fn: () => void | Promise<void>): void;
}

/**
 * Runs `fn` once what was written through `q` is visible to every other connection: after the
 * commit of a transaction, or at once for a statement of its own (already committed).
 */
export function onCommit(q: Queryable, fn: () => void): void {
  if (q.afterCommit) q.afterCommit(fn);
  else fn();
}

/** A transaction's statements and what waits for its commit. */
function transactionOf(run: <T extends object>(sql: string, params: unknown[]) => Promise<T[]>): {
  tx: Queryable;
  committed: () => Promise<void>;
} {
  const waiting: (() => void | Promise<void>)[] = [];
  return {
    tx: {
      query: <T extends object>(sql: string, params: unknown[] = []) => run<T>(sql, params),
      afterCommit: (fn) => void waiting.push(fn),
    },
    committed: async () => {
      await Promise.all(waiting.map((fn) => fn()));
    },
  };
}

export interface Database extends Queryable {
  readonly engine: 'pglite' | 'postgres';
  /** PGlite only: its whole data directory as a tarball (a template for other databases). */
  dump?(): Promise<Blob>;
  /** PGlite only: the upkeep its timer runs (pglite-upkeep.ts), now; says what it did. */
  tend?(): Promise<Upkeep[]>;
  /** Runs `fn` in one transaction; it rolls back when `fn` throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  /** `template`: a data directory dumped by PGlite to start from instead of an empty one. */
  | { engine: 'pglite'; dataDir?: string; template?: Blob }
  /** A PGlite already open and migrated (the API suites' pool): closing it gives it back. */
  | { engine: 'pglite'; connection: PgliteConnection }
  | { engine: 'postgres'; url: string; schema?: string; max?: number };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.engine === 'postgres') return openPostgres(options);
  if ('connection' in options) return pgliteDatabase(options.connection);
  return pgliteDatabase(
    await PgliteThread.start({
      dataDir: options.dataDir,
      template: options.template && (await options.template.arrayBuffer()),
    }),
  );
}

/**
 * PGlite runs in a thread of its own (pglite-worker.ts), so that the server's thread parses,
 * computes and answers HTTP while the database works: on one thread, most of a write's CPU was
 * the database's (docs/decisions/0001-embedded-postgres-by-default.md, "Its own thread").
 */
function pgliteDatabase(thread: PgliteConnection): Database {
  const gate = new TransactionGate();
  const run = preparedRunner((request) => thread.raw(request), thread.parsers);
  const tendNow = () =>
    tend(async <T>(sql: string) => (await gate.single(() => thread.exec(sql))).rows as T[]);
  let tending: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    tending = tendNow().catch(() => {
      // A closed database or a table dropped meanwhile: the next round tries again.
    });
  }, UPKEEP_EVERY_MS);
  timer.unref();
  return {
    engine: 'pglite',
    query<T extends object>(sql: string, params: unknown[] = []) {
      return gate.single(() => run(sql, params) as Promise<T[]>);
    },
    async transaction(fn) {
      // What waits for the commit runs once the gate is open again: it may query.
      let committedNow: () => Promise<void> = async () => {};
      const result = await gate.alone(async () => {
        await thread.exec('BEGIN');
        const { tx, committed } = transactionOf(
          <T extends object>(sql: string, params: unknown[]) => run(sql, params) as Promise<T[]>,
        );
        let result;
        try {
          result = await fn(tx);
        } catch (error) {
          await thread.exec('ROLLBACK');
          throw error;
        }
        // A statement of it failed and `fn` went on: PostgreSQL rolls it back at COMMIT.
        const { command } = await thread.exec('COMMIT');
        if (command === 'ROLLBACK') throw new RolledBackError();
        committedNow = committed;
        return result;
      });
      await committedNow();
      return result;
    },
    dump: () => gate.single(() => thread.dump()),
    tend: tendNow,
    close: async () => {
      clearInterval(timer);
      await tending;
      await gate.alone(() => thread.close());
    },
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
    // A schema per test run keeps parallel suites apart on one server. `public` stays on the path
    // (after it) for the extensions the migrations create there once per database (pg_trgm, 011):
    // an extension inside a test schema would go with that schema's DROP … CASCADE.
    // One generic plan per prepared statement, as on PGlite (pglite-worker.ts says why): left to
    // choose, PostgreSQL kept re-planning the batch statements (unnest of arrays, = ANY), which
    // slowed each batch (docs/notes/feed-writes-lab.md, "Re-planning on PostgreSQL").
    options: [
      '-c plan_cache_mode=force_generic_plan',
      ...(options.schema ? [`-c search_path=${options.schema},public`] : []),
    ].join(' '),
  });
  // An idle connection lost (PostgreSQL restarted, the network cut) is reported here; with no
  // listener it would be thrown and end the process. The pool has already dropped it and opens
  // another for the next query, which fails on its own if the database is still away (and
  // readiness says so).
  pool.on('error', () => {});
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
      return (await pool.query(statement(sql, params))).rows as T[];
    },
    async transaction(fn) {
      const client = await pool.connect();
      const { tx, committed } = transactionOf(
        async <T extends object>(sql: string, params: unknown[]) =>
          (await client.query(statement(sql, params))).rows as T[],
      );
      let result;
      try {
        await client.query('BEGIN');
        result = await fn(tx);
        const { command } = await client.query('COMMIT');
        if (command === 'ROLLBACK') throw new RolledBackError();
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
      await committed();
      return result;
    },
    close: () => pool.end(),
  };
}

/** Distinct statements named at most; any beyond (none today) run unnamed. */
const MAX_NAMED = 2_000;
const statementNames = new Map<string, string>();

/**
 * Each distinct statement runs as a named prepared statement (node-postgres prepares it once per
 * connection): an unnamed one is planned on every run, and planning the feed's statement costs
 * several times more than executing it.
 */
function statement(text: string, values: unknown[]): pg.QueryConfig {
  let name = statementNames.get(text);
  if (!name && statementNames.size < MAX_NAMED) {
    name = `d${statementNames.size + 1}`;
    statementNames.set(text, name);
  }
  return name ? { name, text, values } : { text, values };
}

/**
 * COMMIT of a transaction one of whose statements failed (and was caught): PostgreSQL rolls it
 * all back, and answers ROLLBACK instead of an error.
 */
class RolledBackError extends Error {
  constructor() {
    super('The transaction was rolled back: one of its statements failed');
  }
}

/** Postgres error codes the services react to. */
export function isDeadlock(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === '40P01';
}

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = error as { code?: string; constraint?: string } | null;
  return e?.code === '23505' && (!constraint || e.constraint === constraint);
}
