import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { chmod, mkdir, readdir, readFile, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { openDatabase } from '../db/database.js';
import { appliedMigrations } from '../db/migrate.js';
import { DATA_DIR_FILES } from '../platform/data-dir-files.js';
import { DataDirLockedError, LOCK_NAME, lockDataDir } from '../platform/data-dir-lock.js';
import { ARCHIVE, manifest as manifestSchema, type Manifest } from './manifest.js';
import { readTar, type TarEntry } from './tar.js';

export class RestoreError extends Error {}

/** Where the archive is unpacked and checked, inside DATA_DIR so that moving it in is a rename. */
const STAGING = '.restoring';
/** A manifest lists every file: a million media files stay well under this. */
const MAX_MANIFEST_BYTES = 256 * 1024 * 1024;

/**
 * Brings an archive of writeBackup back into `dataDir`, which must be empty and stay so
 * unless the whole archive checks out: every entry against the manifest's size and SHA-256, and
 * the database by PGlite opening it and finding the manifest's migrations. Only then are the
 * files moved into place. On any failure the folder is left empty again.
 */
export async function restoreBackup(options: { file: string; dataDir: string }): Promise<Manifest> {
  const { file, dataDir } = options;
  if (!existsSync(file)) throw new RestoreError(`No archive at ${file}`);
  let unlock: () => void;
  try {
    unlock = lockDataDir(dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    throw new RestoreError(`Refusing to restore: ${error.message}`);
  }
  try {
    const present = (await readdir(dataDir)).filter((name) => !name.startsWith(LOCK_NAME));
    if (present.length > 0)
      throw new RestoreError(
        `Refusing to restore: ${dataDir} is not empty (it holds ${present.slice(0, 3).join(', ')}` +
          `${present.length > 3 ? ', …' : ''}). Restore into an empty folder (set DATA_DIR), ` +
          'or move this one aside first.',
      );
    try {
      return await unpack(file, dataDir);
    } catch (error) {
      // Everything here is ours: the folder was empty when we locked it.
      for (const name of await readdir(dataDir))
        if (!name.startsWith(LOCK_NAME))
          await rm(join(dataDir, name), { recursive: true, force: true });
      throw error;
    }
  } finally {
    unlock();
  }
}

type Seen = { bytes: number; sha256: string };

async function unpack(file: string, dataDir: string): Promise<Manifest> {
  const staging = join(dataDir, STAGING);
  const seen = new Map<string, Seen>();
  let manifest: Manifest | undefined;
  const source = createReadStream(file).pipe(createGunzip());
  try {
    for await (const entry of readTar(source)) {
      if (seen.has(entry.name) || (manifest && entry.name === ARCHIVE.manifest))
        throw new RestoreError(`The archive holds ${entry.name} twice`);
      if (entry.name === ARCHIVE.manifest) {
        manifest = await readManifest(entry);
      } else if (entry.name === ARCHIVE.database) {
        seen.set(entry.name, await save(entry, join(staging, ARCHIVE.database)));
      } else if (entry.name.startsWith(ARCHIVE.filesPrefix)) {
        const path = entry.name.slice(ARCHIVE.filesPrefix.length);
        // Checked against the manifest's own rule before anything is written (no `..`).
        if (!manifestSchema.shape.files.element.shape.name.safeParse(path).success)
          throw new RestoreError(`The archive holds a file outside the data folder: ${entry.name}`);
        seen.set(path, await save(entry, join(staging, 'files', path)));
      } else {
        throw new RestoreError(`The archive holds ${entry.name}, which no backup writes`);
      }
    }
  } catch (error) {
    if (error instanceof RestoreError) throw error;
    throw new RestoreError(`${file} is not a whole Doers backup: ${(error as Error).message}`);
  } finally {
    source.destroy();
  }
  if (!manifest) throw new RestoreError(`${file} has no manifest: it is not a whole Doers backup`);
  check(manifest, seen);

  // PGlite unpacks its own dump into DATA_DIR/db; opening it proves the database is whole.
  const db = await openDatabase({
    engine: 'pglite',
    dataDir: join(dataDir, DATA_DIR_FILES.database),
    template: new Blob([await readFile(join(staging, ARCHIVE.database))]),
  });
  let migrations: string[];
  try {
    migrations = await appliedMigrations(db);
  } finally {
    await db.close();
  }
  if (migrations.join() !== manifest.migrations.join())
    throw new RestoreError(
      `The restored database has ${migrations.length} migrations where the manifest says ` +
        `${manifest.migrations.length}: the archive is not the one its manifest describes`,
    );

  const secrets: string[] = Object.values(DATA_DIR_FILES.secrets);
  for (const { name } of manifest.files) {
    const target = join(dataDir, name);
    await mkdir(dirname(target), { recursive: true });
    await rename(join(staging, 'files', name), target);
    if (secrets.includes(name)) await chmod(target, 0o600);
  }
  await rm(staging, { recursive: true, force: true });
  return manifest;
}

/** The entries found are exactly those the manifest lists, byte for byte. */
function check(manifest: Manifest, seen: Map<string, Seen>): void {
  const expected = new Map<string, Seen>([
    [ARCHIVE.database, manifest.database],
    ...manifest.files.map((f) => [f.name, f] as const),
  ]);
  for (const [name, want] of expected) {
    const got = seen.get(name);
    if (!got) throw new RestoreError(`The archive lacks ${name}, which its manifest lists`);
    if (got.bytes !== want.bytes || got.sha256 !== want.sha256)
      throw new RestoreError(`The archive is damaged: ${name} does not match its manifest`);
  }
  for (const name of seen.keys())
    if (!expected.has(name))
      throw new RestoreError(`The archive holds ${name}, which its manifest does not list`);
}

async function readManifest(entry: TarEntry): Promise<Manifest> {
  if (entry.size > MAX_MANIFEST_BYTES) throw new RestoreError('The manifest is too large');
  const chunks: Buffer[] = [];
  for await (const chunk of entry.body) chunks.push(Buffer.from(chunk));
  let json: unknown;
  try {
    json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new RestoreError('The manifest is not JSON');
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success)
    throw new RestoreError(`The manifest is not one this version reads: ${parsed.error.message}`);
  return parsed.data;
}

/** Writes an entry's bytes to `path`, hashing them on the way. */
async function save(entry: TarEntry, path: string): Promise<Seen> {
  await mkdir(dirname(path), { recursive: true });
  const hash = createHash('sha256');
  let bytes = 0;
  await pipeline(
    entry.body,
    async function* (chunks: AsyncIterable<Buffer>) {
      for await (const chunk of chunks) {
        hash.update(chunk);
        bytes += chunk.length;
        yield chunk;
      }
    },
    createWriteStream(path, { mode: 0o600 }),
  );
  return { bytes, sha256: hash.digest('hex') };
}
