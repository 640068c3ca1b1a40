import { chmod, mkdir, rm } from 'node:fs/promises';
import { createServer, request } from 'node:http';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

/**
 * How `npm run backup` gets the database from a running server: PGlite is the server's alone
 * (DATA_DIR's lock), so the server dumps it on request, over a unix socket inside DATA_DIR that
 * only DATA_DIR's owner may open (a 0700 folder, a 0600 socket). Nothing listens on a port, and
 * whoever may open it could read the database's files anyway. Decision 17 says why.
 */
const SOCKET_DIR = 'control';
const SOCKET = 'backup.sock';
const PATH = '/database-snapshot';
/** sun_path holds 108 bytes on Linux (104 on macOS): a longer path cannot be bound. */
const MAX_SOCKET_PATH = 100;

export type Snapshot = {
  /** PGlite's data directory as a tarball (its `dumpDataDir`). */
  tar: Buffer;
  migrations: string[];
  appVersion: string;
};

export const snapshotSocketPath = (dataDir: string): string => join(dataDir, SOCKET_DIR, SOCKET);

/** The server's side: answers each request with a fresh snapshot. Returns the close. */
export async function serveSnapshots(options: {
  dataDir: string;
  snapshot: () => Promise<Omit<Snapshot, 'appVersion'>>;
  appVersion: string;
  log: FastifyBaseLogger;
}): Promise<() => Promise<void>> {
  const path = snapshotSocketPath(options.dataDir);
  if (Buffer.byteLength(path) > MAX_SOCKET_PATH) {
    options.log.warn(
      { path },
      'DATA_DIR is too deep for the backup socket: npm run backup works only while the server is stopped',
    );
    return async () => {};
  }
  const dir = join(options.dataDir, SOCKET_DIR);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await chmod(dir, 0o700);
  // The DATA_DIR lock is ours: a socket file left here belongs to a server that died.
  await rm(path, { force: true });
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== PATH) {
      res.writeHead(404).end();
      return;
    }
    const started = performance.now();
    options.snapshot().then(
      ({ tar, migrations }) => {
        options.log.info(
          { bytes: tar.length, ms: Math.round(performance.now() - started) },
          'database snapshot taken for a backup',
        );
        res.writeHead(200, {
          'content-type': 'application/x-tar',
          'content-length': tar.length,
          'x-doers-version': options.appVersion,
          'x-doers-migrations': migrations.join(','),
        });
        res.end(tar);
      },
      (error: unknown) => {
        options.log.error({ err: error }, 'database snapshot failed');
        res.writeHead(500).end();
      },
    );
  });
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(path, () => ok());
  });
  await chmod(path, 0o600);
  return async () => {
    await new Promise<void>((ok) => server.close(() => ok()));
    await rm(path, { force: true });
  };
}

/**
 * The backup's side: a snapshot from the server running on `dataDir`, or null when none listens
 * there (no socket, or one a dead server left).
 */
export function requestSnapshot(dataDir: string): Promise<Snapshot | null> {
  return new Promise((ok, fail) => {
    const req = request({ socketPath: snapshotSocketPath(dataDir), path: PATH }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', fail);
      res.on('end', () => {
        const tar = Buffer.concat(chunks);
        const expected = Number(res.headers['content-length']);
        if (res.statusCode !== 200 || tar.length !== expected) {
          fail(new Error(`The server could not give a database snapshot (${res.statusCode})`));
          return;
        }
        const migrations = String(res.headers['x-doers-migrations'] ?? '');
        ok({
          tar,
          migrations: migrations ? migrations.split(',') : [],
          appVersion: String(res.headers['x-doers-version'] ?? 'unknown'),
        });
      });
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') ok(null);
      else fail(error);
    });
    req.end();
  });
}
