import { createHash } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, open, readdir, rename, rm } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { openDatabase } from '../db/database.js';
import { appliedMigrations } from '../db/migrate.js';
import { DATA_DIR_FILES } from '../platform/data-dir-files.js';
import { DataDirLockedError, lockDataDir } from '../platform/data-dir-lock.js';
import { ARCHIVE, type Manifest, type ManifestEntry } from './manifest.js';
import { requestSnapshot, type Snapshot } from './snapshot-socket.js';
import { tarEnd, tarFile } from './tar.js';

export class BackupError extends Error {}

export type BackupOptions = {
  dataDir: string;
  /** The folder the archive goes to (made if missing). */
  outDir: string;
  /** Media live in S3: the archive holds the database and the secrets only. */
  s3: boolean;
  now: Date;
  appVersion: string;
  /** How long to wait for a server that holds the lock but does not answer yet (starting). */
  waitMs?: number;
  /** Runs just before the snapshot is asked for: a test lands a write at that very moment. */
  beforeSnapshot?: () => Promise<void>;
};

/**
 * Writes `doers-<time>.tar.gz` into `outDir`: the database first, then every media file and the
 * kept secrets, then the manifest. The database is snapshotted before the media are listed, so
 * every file a row of it names is already on disk (files are never changed once stored, and one
 * deleted meanwhile was deleted by a later write the snapshot does not hold); files stored
 * after the snapshot come along as harmless extras.
 */
export async function writeBackup(options: BackupOptions): Promise<{
  file: string;
  manifest: Manifest;
}> {
  if (!existsSync(join(options.dataDir, DATA_DIR_FILES.database, 'PG_VERSION')))
    throw new BackupError(`No embedded database in ${options.dataDir}: nothing to back up.`);
  await options.beforeSnapshot?.();
  const snapshot = await takeSnapshot(
    options.dataDir,
    options.appVersion,
    options.waitMs ?? 15_000,
  );

  await mkdir(options.outDir, { recursive: true });
  const file = await freeName(options.outDir, options.now);
  const partial = join(options.outDir, `.${relative(options.outDir, file)}.partial`);

  const files = await dataFiles(options.dataDir, options.s3);
  const database: ManifestEntry = {
    name: ARCHIVE.database,
    bytes: snapshot.tar.length,
    sha256: createHash('sha256').update(snapshot.tar).digest('hex'),
  };
  const written: ManifestEntry[] = [];
  const manifestOf = (): Manifest => {
    const media = written.filter((f) => f.name.startsWith(`${DATA_DIR_FILES.media}/`));
    return {
      format: 1,
      createdAt: options.now.toISOString(),
      appVersion: snapshot.appVersion,
      migrations: snapshot.migrations,
      source: snapshot.source,
      media: {
        storage: options.s3 ? 's3' : 'disk',
        files: media.length,
        bytes: media.reduce((n, f) => n + f.bytes, 0),
      },
      database,
      files: written,
    };
  };

  async function* archive(): AsyncGenerator<Buffer> {
    yield* tarFile({
      name: ARCHIVE.database,
      size: snapshot.tar.length,
      body: [snapshot.tar],
      mtime: options.now,
    });
    for (const path of files) {
      const added = await addFile(options.dataDir, path);
      if (!added) continue;
      yield* added.blocks;
      written.push(added.entry());
    }
    const json = Buffer.from(`${JSON.stringify(manifestOf(), null, 2)}\n`);
    yield* tarFile({ name: ARCHIVE.manifest, size: json.length, body: [json], mtime: options.now });
    yield tarEnd();
  }

  try {
    await pipeline(
      Readable.from(archive()),
      createGzip(),
      // The archive holds the secrets: only its owner may read it.
      createWriteStream(partial, { mode: 0o600 }),
    );
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  return { file, manifest: manifestOf() };
}

type TakenSnapshot = Snapshot & { source: Manifest['source'] };

/**
 * From the server when one runs on `dataDir`; else from the data directory itself, under its
 * lock. A process that holds the lock without answering is a server starting (it answers once
 * it has migrated), `db:migrate` or `admin`: wait for it a little, then give up.
 */
async function takeSnapshot(
  dataDir: string,
  appVersion: string,
  waitMs: number,
): Promise<TakenSnapshot> {
  const until = Date.now() + waitMs;
  for (;;) {
    const fromServer = await requestSnapshot(dataDir);
    if (fromServer) return { ...fromServer, source: 'running-server' };
    let unlock: () => void;
    try {
      unlock = lockDataDir(dataDir);
    } catch (error) {
      if (!(error instanceof DataDirLockedError)) throw error;
      if (Date.now() > until)
        throw new BackupError(
          `${error.message} It does not answer the backup (is it db:migrate or admin?): try again once it is done.`,
        );
      await new Promise((ok) => setTimeout(ok, 500));
      continue;
    }
    try {
      return { ...(await snapshotOfStopped(dataDir)), appVersion, source: 'stopped-data-dir' };
    } finally {
      unlock();
    }
  }
}

async function snapshotOfStopped(dataDir: string): Promise<Omit<Snapshot, 'appVersion'>> {
  const db = await openDatabase({
    engine: 'pglite',
    dataDir: join(dataDir, DATA_DIR_FILES.database),
  });
  try {
    return {
      migrations: await appliedMigrations(db),
      tar: Buffer.from(await (await db.dump!()).arrayBuffer()),
    };
  } finally {
    await db.close();
  }
}

/** The files a restore needs, as paths relative to DATA_DIR: every stored media file, the secrets. */
async function dataFiles(dataDir: string, s3: boolean): Promise<string[]> {
  const secrets = Object.values(DATA_DIR_FILES.secrets).filter((name) =>
    existsSync(join(dataDir, name)),
  );
  if (s3) return secrets;
  const mediaDir = join(dataDir, DATA_DIR_FILES.media);
  const entries = await readdir(mediaDir, { recursive: true, withFileTypes: true }).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    },
  );
  const media = entries
    // A `.partial` file is one being stored right now (object-storage.ts): not yet a file.
    .filter((e) => e.isFile() && !e.name.endsWith('.partial'))
    .map((e) => relative(dataDir, join(e.parentPath, e.name)))
    .sort();
  return [...secrets, ...media];
}

/**
 * A file's part of the archive, read from the descriptor opened now: a file deleted after it
 * was listed is skipped, one deleted while it is read is still read whole.
 */
async function addFile(
  dataDir: string,
  path: string,
): Promise<{ blocks: AsyncGenerator<Buffer>; entry: () => ManifestEntry } | null> {
  const handle = await open(join(dataDir, path), 'r').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (!handle) return null;
  const stats = await handle.stat();
  const hash = createHash('sha256');
  const hashed = async function* (): AsyncGenerator<Buffer> {
    if (stats.size === 0) return void (await handle.close());
    // Exactly the size seen at open: stored files are never appended to.
    const stream = handle.createReadStream({ start: 0, end: stats.size - 1 });
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      hash.update(chunk);
      yield chunk;
    }
  };
  return {
    blocks: tarFile({
      name: `${ARCHIVE.filesPrefix}${path}`,
      size: stats.size,
      body: hashed(),
      mode: stats.mode & 0o777,
      mtime: stats.mtime,
    }),
    entry: () => ({ name: path, bytes: stats.size, sha256: hash.digest('hex') }),
  };
}

/** `doers-2026-11-28T07-15-00Z.tar.gz`, or with `-2`, `-3`… when a backup that second exists. */
async function freeName(outDir: string, now: Date): Promise<string> {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-');
  for (let n = 1; ; n++) {
    const file = join(outDir, `doers-${stamp}${n > 1 ? `-${n}` : ''}.tar.gz`);
    if (!existsSync(file)) return file;
  }
}
