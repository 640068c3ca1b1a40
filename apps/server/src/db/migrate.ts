import { readdir, readFile } from 'node:fs/promises';
import { serverPaths } from '../paths.js';
import type { Database } from './database.js';

const migrationsDir = serverPaths.migrations;

/** Applies every migration not yet applied, in file-name order, each in its own transaction. */
export async function migrate(db: Database): Promise<string[]> {
  await db.query(
    `CREATE TABLE IF NOT EXISTS schema_migrations
       (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
  );
  const done = new Set(
    (await db.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name),
  );
  const files = await migrationFiles();
  const applied: string[] = [];
  for (const file of files) {
    if (done.has(file)) continue;
    const sql = await readFile(migrationsDir + file, 'utf8');
    await db.transaction(async (tx) => {
      // Several instances may start at once: one applies, the others wait and skip.
      await tx.query('SELECT pg_advisory_xact_lock(727001)');
      const again = await tx.query('SELECT 1 FROM schema_migrations WHERE name = $1', [file]);
      if (again.length > 0) return;
      for (const statement of splitStatements(sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
    });
    applied.push(file);
  }
  return applied;
}

/** Every migration this build carries, in the order they apply. */
export async function migrationFiles(): Promise<string[]> {
  return (await readdir(migrationsDir)).filter((f) => f.endsWith('.sql')).sort();
}

/**
 * Migrations are statements separated by semicolons at line ends; a function's body between
 * `$$` quotes is one statement, whatever semicolons it holds.
 */
export function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let current = '';
  let inBody = false;
  for (const line of sql.split('\n')) {
    if ((line.match(/\$\$/g) ?? []).length % 2 === 1) inBody = !inBody;
    current += `${line}\n`;
    if (!inBody && /;\s*$/.test(line)) {
      statements.push(current);
      current = '';
    }
  }
  statements.push(current);
  return statements
    .map((s) =>
      s
        .replace(/^\s*--.*$/gm, '')
        .trim()
        .replace(/;$/, ''),
    )
    .filter(Boolean);
}

/** The migrations this database has applied, by name in order ([] before the first). */
export async function appliedMigrations(db: Database): Promise<string[]> {
  const [table] = await db.query<{ name: string | null }>(
    `SELECT to_regclass('schema_migrations')::text AS name`,
  );
  if (!table?.name) return [];
  const rows = await db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
  return rows.map((r) => r.name);
}
