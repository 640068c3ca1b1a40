import { PgliteThread, type PgliteConnection } from '../../src/db/pglite-thread.js';
import { pgliteTemplate } from './pglite-template.js';

/**
 * Migrated PGlite databases, lent to test servers and given back clean. Opening one costs a
 * thread, PGlite's start and loading the template, most of a test server's start (figures in
 * docs/decisions/0014-a-test-suite-that-answers-in-minutes.md); emptying one costs a TRUNCATE.
 * A database comes back as the template left it: every table emptied, the template's own rows
 * (the migrations' bookkeeping, seeded settings) written again, every sequence where the template
 * had it, no statement left prepared. One whose schema changed (a test that added a table, a
 * column or a constraint) is closed instead.
 *
 * The pool lives on globalThis: Vitest loads every test file's modules afresh, but the files
 * one worker process runs share it. Idle threads are unref'd, so they never keep a worker alive.
 */
type Pool = { idle: PgliteThread[]; clean?: Promise<Clean> };
type Clean = { shape: string; reset: string };

const key = Symbol.for('doers.test.pglite-pool');
const pool = ((globalThis as Record<symbol, Pool | undefined>)[key] ??= { idle: [] });

/** A clean migrated database; its `close()` gives it back to the pool. */
export async function leasePglite(): Promise<PgliteConnection> {
  const thread = pool.idle.pop() ?? (await open());
  thread.keepAlive(true);
  let lent = true;
  const lentOnly =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> =>
      lent ? fn(...args) : Promise.reject(new Error('This database went back to the pool'));
  return {
    parsers: thread.parsers,
    raw: lentOnly((request: Uint8Array) => thread.raw(request)),
    exec: lentOnly((sql: string) => thread.exec(sql)),
    dump: lentOnly(() => thread.dump()),
    async close() {
      if (!lent) return;
      lent = false;
      await giveBack(thread);
    },
  };
}

async function open(): Promise<PgliteThread> {
  const template = await pgliteTemplate();
  if (!template) throw new Error('The PGlite pool is for PGlite runs (no DATABASE_URL)');
  const thread = await PgliteThread.start({ template: await template.arrayBuffer() });
  // The template as it opened is what every database given back must look like again.
  pool.clean ??= cleanState(thread);
  await pool.clean;
  return thread;
}

async function giveBack(thread: PgliteThread): Promise<void> {
  const clean = await pool.clean!;
  try {
    await thread.exec('ROLLBACK').catch(() => undefined);
    if ((await shape(thread)) !== clean.shape) throw new Error('its schema changed');
    await thread.exec(clean.reset);
  } catch {
    await thread.close().catch(() => undefined);
    return;
  }
  thread.keepAlive(false);
  pool.idle.push(thread);
}

const userRelations = `
  FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
  WHERE n.nspname NOT IN ('pg_catalog', 'information_schema')
    AND n.nspname NOT LIKE 'pg_toast%' AND n.nspname NOT LIKE 'pg_temp%'`;

/**
 * Every relation with its columns, every constraint, trigger, function and type outside the
 * catalogue, as one string: a test that added a CHECK or a column must not lend its database on.
 * Sorted by name: the catalogue's rows move about as tables are written and emptied, and an
 * aggregate's `ORDER BY 1` sorts by the constant 1, which once made every other database given
 * back look changed.
 */
async function shape(thread: PgliteThread): Promise<string> {
  const { rows } = await thread.exec(`
    SELECT (SELECT string_agg(n.nspname || '.' || c.relname || ':' || c.relkind::text, ','
                              ORDER BY n.nspname, c.relname)
              ${userRelations}) AS relations,
           (SELECT string_agg(c.relname || ':' || (
                     SELECT string_agg(a.attname || ' ' || a.atttypid::text
                                         || CASE WHEN a.attnotnull THEN '!' ELSE '' END, ' '
                                       ORDER BY a.attname)
                       FROM pg_catalog.pg_attribute a
                      WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped), ','
                              ORDER BY c.relname)
              ${userRelations}
               AND c.relkind IN ('r', 'p')) AS columns,
           (SELECT string_agg(k.conrelid::regclass::text || '.' || k.conname, ',' ORDER BY k.conrelid::regclass::text, k.conname)
              FROM pg_catalog.pg_constraint k
              JOIN pg_catalog.pg_namespace n ON n.oid = k.connamespace
             WHERE n.nspname NOT IN ('pg_catalog', 'information_schema')) AS constraints,
           (SELECT string_agg(t.tgname, ',' ORDER BY t.tgname)
              FROM pg_catalog.pg_trigger t WHERE NOT t.tgisinternal) AS triggers,
           (SELECT count(*) FROM pg_catalog.pg_proc
             WHERE pronamespace NOT IN ('pg_catalog'::regnamespace, 'information_schema'::regnamespace)
           ) AS functions,
           (SELECT count(*) FROM pg_catalog.pg_type t
             WHERE typnamespace NOT IN ('pg_catalog'::regnamespace, 'information_schema'::regnamespace)
           ) AS types`);
  return JSON.stringify(rows[0]);
}

/** The shape of the template, and the SQL that brings a used database back to it. */
async function cleanState(thread: PgliteThread): Promise<Clean> {
  const { rows: tables } = await thread.exec(`
    SELECT format('%I.%I', n.nspname, c.relname) AS name,
           (SELECT string_agg(quote_ident(a.attname), ', ' ORDER BY a.attnum)
              FROM pg_catalog.pg_attribute a
             WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
               AND a.attgenerated = '') AS columns
    ${userRelations} AND c.relkind IN ('r', 'p') AND NOT c.relispartition
    ORDER BY 1`);
  const statements = ['DEALLOCATE ALL'];
  if (tables.length) statements.push(`TRUNCATE ${tables.map((t) => t['name']).join(', ')} CASCADE`);
  for (const { name, columns } of tables) {
    const { rows } = await thread.exec(`SELECT json_agg(t)::text AS rows FROM ${name} t`);
    const json = rows[0]?.['rows'];
    if (typeof json !== 'string') continue;
    statements.push(
      `INSERT INTO ${name} (${columns}) OVERRIDING SYSTEM VALUE ` +
        `SELECT ${columns} FROM json_populate_recordset(NULL::${name}, ${literal(json)})`,
    );
  }
  const { rows: sequences } = await thread.exec(`
    SELECT format('%I.%I', n.nspname, c.relname) AS name ${userRelations} AND c.relkind = 'S'`);
  for (const { name } of sequences) {
    const { rows } = await thread.exec(`SELECT last_value, is_called FROM ${name}`);
    const { last_value: value, is_called: called } = rows[0]!;
    statements.push(`SELECT setval(${literal(String(name))}, ${value}, ${called})`);
  }
  return { shape: await shape(thread), reset: statements.join(';\n') };
}

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;
