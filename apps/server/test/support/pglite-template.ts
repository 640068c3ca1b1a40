import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { openDatabase } from '../../src/db/database.js';
import { migrate } from '../../src/db/migrate.js';
import { serverPaths } from '../../src/paths.js';

const DIR = resolve(import.meta.dirname, '../../../../.test-data/pglite-template');

/**
 * Test servers on PGlite start from a migrated data directory instead of an empty one: an empty
 * PGlite runs initdb first, for every test file, and a dumped one skips it (figures in
 * docs/decisions/0014-a-test-suite-that-answers-in-minutes.md). The dump is made once per set of
 * migrations and PGlite version, and kept under .test-data/pglite-template/ (Vitest's global
 * setup makes it before the files run). Undefined on PostgreSQL, where each server gets a fresh
 * schema instead.
 */
export async function pgliteTemplate(): Promise<Blob | undefined> {
  if (process.env['DATABASE_URL']) return undefined;
  const file = join(DIR, `${await templateKey()}.tar`);
  if (!existsSync(file)) {
    const db = await openDatabase({ engine: 'pglite' });
    await migrate(db);
    const dump = await db.dump!();
    await db.close();
    await mkdir(DIR, { recursive: true });
    // Written aside, then renamed: a file seen under its name is always whole.
    const aside = `${file}.${process.pid}`;
    await writeFile(aside, Buffer.from(await dump.arrayBuffer()));
    await rename(aside, file);
  }
  return new Blob([await readFile(file)]);
}

async function templateKey(): Promise<string> {
  const hash = createHash('sha256');
  // The package's own files are its version (its package.json is not exported).
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  hash.update(await readFile(entry));
  for (const name of (await readdir(serverPaths.migrations)).sort()) {
    hash.update(name).update(await readFile(join(serverPaths.migrations, name)));
  }
  return hash.digest('hex').slice(0, 16);
}
