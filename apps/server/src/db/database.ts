import { PGlite, protocol, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { tend, type Upkeep } from './pglite-upkeep.js';

/** How often PGlite's tables are looked at for upkeep (pglite-upkeep.ts). */
const UPKEEP_EVERY_MS = 10_000;

/** Anything that runs parameterised SQL: the database itself or an open transaction. */
export interface Queryable {
  query<T extends object>(sql: string, params?: unknown[]): Promise<T[]>;
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
  | { engine: 'postgres'; url: string; schema?: string; max?: number };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.engine === 'pglite'
    ? openPglite(options.dataDir, options.template)
    : openPostgres(options);
}

async function openPglite(dataDir?: string, template?: Blob): Promise<Database> {
  // No dataDir means in memory: what the test suites use. pg_trgm ships with PGlite as a contrib
  // extension: loading it here makes it available, and migration 011 creates it (search).
  const db = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(template ? { loadDataDir: template } : {}),
    extensions: { pg_trgm },
  });
  // Prepared statements keep one generic plan: by default PostgreSQL re-plans a statement whose
  // parameters can fold away (`$3 IS NULL OR …`, `= ANY($1)`) on every run, which on PGlite costs
  // more than running it (a quest page: 545 → 1,247 req/s in `npm run bench`).
  await db.exec('SET plan_cache_mode = force_generic_plan');
  const run = preparedRunner(db);
  // PGlite's exec waits its turn between transactions, in simple protocol (VACUUM may not run
  // as a prepared statement).
  const tendNow = () =>
    tend(async <T>(sql: string) => ((await db.exec(sql))[0]?.rows ?? []) as T[]);
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
      return db._runExclusiveTransaction(() => db._runExclusiveQuery(() => run<T>(sql, params)));
    },
    transaction(fn) {
      return db.transaction(() =>
        fn({
          query: <T extends object>(sql: string, params: unknown[] = []) =>
            db._runExclusiveQuery(() => run<T>(sql, params)),
        }),
      );
    },
    dump: () => db.dumpDataDir('none'),
    tend: tendNow,
    close: async () => {
      clearInterval(timer);
      await tending;
      await db.close();
    },
  };
}

/**
 * One protocol round trip per statement, on a named prepared statement: PGlite's own `query`
 * makes six (parse, describe, bind, describe, execute, sync) and re-plans every time. Parameters
 * go as text, typed by the server, as node-postgres sends them.
 */
function preparedRunner(db: PGlite) {
  const { serialize } = protocol;
  type Field = { name: string; dataTypeID: number };
  type Build = (values: (string | null)[]) => Record<string, unknown>;
  // Each statement's name and, once seen, its result columns (later runs skip the Describe) with
  // the function that builds its rows.
  const statements = new Map<
    string,
    { name: string; fields: Field[] | undefined; build: Build | undefined }
  >();
  const parse = (value: string | null, type: number) => types.parseType(value, type, db.parsers);
  // Prepared statements to drop with the next batch: forgotten ones, and fresh ones that failed
  // (closing a statement that does not exist is no error).
  let toClose: string[] = [];
  let counter = 0;
  return async function run<T>(sql: string, params: unknown[]): Promise<T[]> {
    let known = statements.get(sql);
    const fresh = !known;
    const parts: Uint8Array[] = toClose.map((name) => serialize.close({ type: 'S', name }));
    toClose = [];
    if (!known) {
      known = { name: `s${++counter}`, fields: undefined, build: undefined };
      parts.push(serialize.parse({ name: known.name, text: sql }));
    }
    parts.push(serialize.bind({ statement: known.name, values: params.map(toText) }));
    if (!known.fields) parts.push(serialize.describe({ type: 'P' }));
    parts.push(serialize.execute({}), serialize.sync());
    let messages;
    try {
      ({ messages } = await db.execProtocol(concat(parts), { syncToFs: false }));
    } catch (error) {
      if (fresh) toClose.push(known.name);
      throw error;
    }
    if (fresh) {
      if (statements.size >= 1000) {
        toClose = [...statements.values()].map((s) => s.name);
        statements.clear();
      }
      statements.set(sql, known);
    }
    const rows: Record<string, unknown>[] = [];
    for (const m of messages) {
      if (m.name === 'rowDescription') {
        const fields = (m as unknown as { fields: Field[] }).fields.map((f) => ({
          name: f.name,
          dataTypeID: f.dataTypeID,
        }));
        known.fields = fields;
        known.build = rowBuilder(fields, parse);
      } else if (m.name === 'noData') {
        known.fields = [];
      } else if (m.name === 'dataRow' && known.build) {
        rows.push(known.build((m as unknown as { fields: (string | null)[] }).fields));
      }
    }
    return rows as T[];
  };
}

/**
 * A function that builds a statement's rows as one object literal. A row filled a column at a
 * time turns into a hash table past a dozen columns, and every property read of it (a profile
 * has ~50) becomes a lookup: `presentUser` showed up in profiles for that. A column named twice
 * keeps its last value, as assigning them in turn did.
 */
function rowBuilder(
  fields: { name: string; dataTypeID: number }[],
  parse: (value: string | null, type: number) => unknown,
): (values: (string | null)[]) => Record<string, unknown> {
  const body = fields
    .map((f, i) => `${JSON.stringify(f.name)}: parse(v[${i}] ?? null, ${f.dataTypeID})`)
    .join(', ');
  // Column names are quoted by JSON.stringify and types are numbers: nothing else gets in.
  const make = new Function('parse', `return (v) => ({ ${body} });`) as (
    p: typeof parse,
  ) => (values: (string | null)[]) => Record<string, unknown>;
  return make(parse);
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** A parameter in PostgreSQL's text format, as node-postgres writes it. */
function toText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return `{${value.map(arrayItem).join(',')}}`;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function arrayItem(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (Array.isArray(value)) return `{${value.map(arrayItem).join(',')}}`;
  const text = value instanceof Date ? value.toISOString() : String(value);
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
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
    // One generic plan per prepared statement, as on PGlite (openPglite says why): left to
    // choose, PostgreSQL kept re-planning the batch statements (unnest of arrays, = ANY); under
    // the bench's load a batch of smiles took 1.9 ms with planning, 1.3 ms without.
    options: [
      '-c plan_cache_mode=force_generic_plan',
      ...(options.schema ? [`-c search_path=${options.schema},public`] : []),
    ].join(' '),
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
      return (await pool.query(statement(sql, params))).rows as T[];
    },
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn({
          query: async <T extends object>(sql: string, params: unknown[] = []) =>
            (await client.query(statement(sql, params))).rows as T[],
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

/** Postgres error codes the services react to. */
export function isDeadlock(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === '40P01';
}

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = error as { code?: string; constraint?: string } | null;
  return e?.code === '23505' && (!constraint || e.constraint === constraint);
}
