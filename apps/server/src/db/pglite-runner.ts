import { protocol, types } from '@electric-sql/pglite';
import { readAnswer, type Field } from './pglite-answer.js';

/** PGlite's array types: each one's oid and its element's (pglite-worker.ts reads them). */
export type ArrayType = { oid: number; typarray: number };

/** How each type's text becomes a value, by type oid. */
export type Parsers = Record<number, (value: string, typeId?: number) => unknown>;

/** The parsers PGlite gives its own rows: its defaults and one for each array type it has. */
export function parsersFor(arrayTypes: ArrayType[]): Parsers {
  const parsers: Parsers = { ...types.parsers };
  for (const { oid, typarray } of arrayTypes) {
    parsers[typarray] = (value) => types.arrayParser(value, parsers[oid]!, typarray);
  }
  return parsers;
}

/**
 * One protocol round trip per statement, on a named prepared statement: PGlite's own `query`
 * makes six (parse, describe, bind, describe, execute, sync) and re-plans every time. Parameters
 * go as text, typed by the server, as node-postgres sends them. Runs on the server's thread:
 * PGlite's (pglite-worker.ts) only turns the bytes of a request into the bytes of its answer.
 */
export function preparedRunner(
  send: (request: Uint8Array) => Promise<Uint8Array>,
  parsers: Parsers,
) {
  const { serialize } = protocol;
  type Build = (values: (string | null)[]) => Record<string, unknown>;
  // Each statement's name and, once seen, its result columns (later runs skip the Describe) with
  // the function that builds its rows.
  const statements = new Map<
    string,
    { name: string; fields: Field[] | undefined; build: Build | undefined }
  >();
  const parse = (value: string | null, type: number) => types.parseType(value, type, parsers);
  // Prepared statements to drop with the next batch: forgotten ones, and fresh ones that failed
  // (closing a statement that does not exist is no error).
  let toClose: string[] = [];
  let counter = 0;
  return async function run(sql: string, params: unknown[]): Promise<Record<string, unknown>[]> {
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
    const answer = readAnswer(await send(concat(parts)));
    if (answer.error) {
      if (fresh) toClose.push(known.name);
      throw answer.error;
    }
    if (answer.fields) {
      known.fields = answer.fields;
      known.build = answer.fields.length > 0 ? rowBuilder(answer.fields, parse) : undefined;
    }
    const build = known.build;
    const rows = build ? answer.rows.map((values) => build(values)) : [];
    if (fresh) {
      if (statements.size >= 1000) {
        toClose = [...statements.values()].map((s) => s.name);
        statements.clear();
      }
      statements.set(sql, known);
    }
    return rows;
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

/** The parts one after the other, in a buffer of their own. */
export function concat(parts: Uint8Array[]): Uint8Array {
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
