// A Doers server as a child process of its own, as production runs it: the one way every suite
// that needs a separate process starts one (the security suite, the end-to-end suite, the
// realtime test across two processes, the benchmarks and the audit). In-process servers, for the
// API suites, are test-server.ts.
//
// Each server takes a free port and a data directory of its own, and is known as its own: a
// server is ready when its log says it listens on the port it was given (or, when it logs less
// than that, as the benchmarks' servers do, when the kernel says its process holds the port) and
// that port answers /api/health, so a program that happened to hold the port is never taken for
// it. Everything it
// prints goes straight to a log file (nothing is lost in a pipe when it is killed). On PostgreSQL
// it gets a fresh schema, on Redis a fresh key prefix.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { buildCommands, buildServer, type Command } from '../../build.js';
import { openDatabase } from '../../src/db/database.js';
import { SHARED_SECRETS } from './shared-secrets.js';

const root = resolve(import.meta.dirname, '../../../..');

/** What a test file needs to reach a server another process started. */
export type ServerInfo = { name: string; url: string; dataDir: string; logFile: string };

export type ServerProcess = ServerInfo & {
  child(): ChildProcess | undefined;
  /** Starts it again on the same data (after stop or kill), on a free port that may differ. */
  start(): Promise<void>;
  /** How long the last start waited for a killed process's DATA_DIR lock to go stale. */
  lockWaitSeconds: number;
  /** SIGTERM: a clean shutdown. */
  stop(): Promise<void>;
  /** SIGKILL: the process dies between two instructions. */
  kill(): Promise<void>;
  /**
   * Reads its database directly, as an operator would: PostgreSQL at any time, PGlite only
   * while the server is stopped (one process owns it).
   */
  query<T extends object>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Stops it and removes its data: the folder, the PostgreSQL schema, the Redis keys. */
  dispose(): Promise<void>;
  info(): ServerInfo;
};

export type ServerOptions = {
  /** Names its log file, `<logDir>/<name>.log`. */
  name: string;
  logDir: string;
  /** The server's environment on top of the defaults below; a function sees its origin. */
  env?: Record<string, string> | ((origin: string) => Record<string, string>);
  /** Kept, not removed by dispose() (the end-to-end suite keeps its outbox); else a temp dir. */
  dataDir?: string;
  /** A bundle from serverBundle(), run with plain Node; else the sources, through tsx. */
  bundle?: string;
  /** The host name in its URL: 127.0.0.1, or localhost for a browser. */
  hostname?: string;
  nodeFlags?: string[];
  /**
   * No PostgreSQL schema or Redis prefix of its own, whatever DATABASE_URL says: PGlite in its
   * data directory (the end-to-end suite), unless `env` names the database (the benchmarks'
   * prepared data sets, two instances sharing one).
   */
  pglite?: boolean;
  /**
   * `info` (the default) logs every request; the benchmarks and the audit ask for less, so that
   * writing logs is not part of what they measure.
   */
  logLevel?: 'info' | 'warn' | 'silent';
  /**
   * Always this port, at every (re)start: behind a proxy whose configuration names it (the
   * deployment test). Otherwise a free port each time.
   */
  port?: number;
};

/** A port nobody listens on now (the server's start retries with another if one takes it). */
export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => ok(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * The server as `npm start` runs it, bundled by build.ts from the sources as they are now, under
 * a name of this process's own (two runs side by side never run each other's half-written
 * file). Returns its path; `remove()` deletes it.
 */
export async function serverBundle(): Promise<{ path: string; remove: () => void }> {
  const name = `test-${process.pid}-${randomBytes(3).toString('hex')}.js`;
  await buildServer(name);
  const path = join(root, 'apps/server/dist', name);
  return {
    path,
    remove: () => {
      rmSync(path, { force: true });
      rmSync(`${path}.map`, { force: true });
    },
  };
}

/** The server and the operator's commands, bundled alike, by path (see `commandBundles`). */
export type Bundles = { server: string } & Record<Command, string>;

/**
 * The server and every operator command (build.ts's COMMANDS) bundled under names of this
 * process's own, for the API suites that run them as processes (server project's global set-up).
 */
export async function commandBundles(): Promise<{ paths: Bundles; remove: () => void }> {
  const prefix = `test-${process.pid}-${randomBytes(3).toString('hex')}`;
  const [server, commands] = await Promise.all([serverBundle(), buildCommands(prefix)]);
  return {
    paths: { server: server.path, ...commands },
    remove: () => {
      server.remove();
      for (const path of Object.values(commands)) {
        rmSync(path, { force: true });
        rmSync(`${path}.map`, { force: true });
      }
    },
  };
}

export async function startServerProcess(options: ServerOptions): Promise<ServerProcess> {
  const id = randomBytes(5).toString('hex');
  const ownDataDir = !options.dataDir;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), `doers-${options.name}-`));
  mkdirSync(dataDir, { recursive: true });
  mkdirSync(options.logDir, { recursive: true });
  const logFile = join(options.logDir, `${options.name}.log`);
  const schema =
    process.env['DATABASE_URL'] && !options.pglite ? await createSchema(`proc_${id}`) : undefined;
  const redisPrefix = `doers-proc:${id}:`;
  const hostname = options.hostname ?? '127.0.0.1';
  const envFor = (port: number): Record<string, string> => {
    const origin = `http://${hostname}:${port}`;
    const env = {
      PATH: process.env['PATH'] ?? '',
      HOME: process.env['HOME'] ?? tmpdir(),
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: origin,
      SEED_DEMO: 'false',
      WEB_DIST: join(dataDir, 'no-web-build'),
      ...(schema ? { DATABASE_URL: schema.url } : {}),
      ...(process.env['REDIS_URL'] && !options.pglite
        ? { REDIS_URL: process.env['REDIS_URL'], REDIS_PREFIX: redisPrefix }
        : {}),
      ...(typeof options.env === 'function' ? options.env(origin) : options.env),
      PORT: String(port),
      LOG_LEVEL: options.logLevel ?? 'info',
    };
    // On PostgreSQL the secrets must be given (config.ts): the shared ones, unless env names its own.
    return env['DATABASE_URL'] ? { ...SHARED_SECRETS, ...env } : env;
  };
  const entry = options.bundle
    ? ['--enable-source-maps', options.bundle]
    : ['--import', 'tsx', 'apps/server/src/main.ts'];

  let child: ChildProcess | undefined;
  const server: ServerProcess = {
    name: options.name,
    url: '',
    dataDir,
    logFile,
    lockWaitSeconds: 0,
    child: () => child,
    async start() {
      if (child && child.exitCode === null && child.signalCode === null)
        throw new Error(`${options.name}: already running`);
      const started = Date.now();
      server.lockWaitSeconds = 0;
      for (;;) {
        const port = options.port ?? (await freePort());
        const from = existsSync(logFile) ? statSync(logFile).size : 0;
        const fd = openSync(logFile, 'a');
        child = spawn(process.execPath, [...(options.nodeFlags ?? []), ...entry], {
          cwd: root,
          env: envFor(port),
          stdio: ['ignore', fd, fd],
        });
        closeSync(fd);
        try {
          server.url = await listening(child, {
            logFile,
            from,
            port,
            hostname,
            name: options.name,
            logsListening: (options.logLevel ?? 'info') === 'info',
          });
          return;
        } catch (error) {
          const message = error instanceof Error ? error.message : '';
          // Another program took the port between the probe and the start: another port (or,
          // for a fixed port, the same one a moment later).
          if (/EADDRINUSE/.test(message) && Date.now() - started < 30_000) {
            if (options.port) await new Promise((ok) => setTimeout(ok, 200));
            continue;
          }
          // After a kill -9 the DATA_DIR lock stays until it goes stale (PGlite only): wait.
          const locked = /Another Doers process/.test(message);
          if (!locked || Date.now() - started > 30_000) throw error;
          await new Promise((ok) => setTimeout(ok, 500));
          server.lockWaitSeconds = (Date.now() - started) / 1000;
        }
      }
    },
    async stop() {
      await end(child, 'SIGTERM');
    },
    async kill() {
      await end(child, 'SIGKILL');
    },
    async dispose() {
      await end(child, 'SIGTERM');
      await schema?.drop();
      if (process.env['REDIS_URL']) await dropKeys(process.env['REDIS_URL'], redisPrefix);
      if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
    async query<T extends object>(sql: string, params: unknown[] = []) {
      if (!schema && child && child.exitCode === null && child.signalCode === null)
        throw new Error(`${options.name}: stop the server before reading its PGlite database`);
      const db = await openDatabase(
        schema
          ? { engine: 'postgres', url: schema.url, max: 1 }
          : { engine: 'pglite', dataDir: join(dataDir, 'db') },
      );
      try {
        return await db.query<T>(sql, params);
      } finally {
        await db.close();
      }
    },
    info: () => ({ name: server.name, url: server.url, dataDir, logFile }),
  };
  await server.start();
  return server;
}

/**
 * Waits until the port is this child's: its own "Server listening at http://127.0.0.1:<port>"
 * line (Fastify's, at info), or for a quieter server the kernel's word that the child holds a
 * listening socket on it; then for a healthy /api/health there.
 */
async function listening(
  child: ChildProcess,
  at: {
    logFile: string;
    from: number;
    port: number;
    hostname: string;
    name: string;
    logsListening: boolean;
  },
): Promise<string> {
  const until = Date.now() + 90_000;
  const line = `Server listening at http://127.0.0.1:${at.port}`;
  const url = `http://${at.hostname}:${at.port}`;
  let ours = false;
  while (Date.now() < until) {
    const output = readFileSync(at.logFile, 'utf8').slice(at.from);
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${at.name}: the server exited (${child.exitCode}):\n${output.slice(-3000)}`);
    ours ||= at.logsListening ? output.includes(line) : holdsPort(child.pid, at.port);
    if (ours) {
      try {
        if ((await fetch(`${url}/api/health`)).ok) return url;
      } catch {
        // not answering yet
      }
    }
    await new Promise((ok) => setTimeout(ok, 50));
  }
  await end(child, 'SIGKILL');
  throw new Error(
    `${at.name}: no healthy server within 90 s:\n${readFileSync(at.logFile, 'utf8')}`,
  );
}

/**
 * Whether process `pid` holds a listening TCP socket on `port`: its open sockets' inodes
 * (/proc/<pid>/fd) against the listening sockets of /proc/net/tcp{,6}. Linux only.
 */
function holdsPort(pid: number | undefined, port: number): boolean {
  const inodes = new Set<string>();
  const link = (fd: string) => {
    try {
      return readlinkSync(`/proc/${pid}/fd/${fd}`, { encoding: 'utf8' });
    } catch {
      return ''; // closed since it was listed
    }
  };
  try {
    for (const target of readdirSync(`/proc/${pid}/fd`).map(link))
      if (target.startsWith('socket:[')) inodes.add(target.slice('socket:['.length, -1));
  } catch {
    return false; // not started yet, or gone
  }
  const hexPort = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  const LISTEN = '0A';
  return ['/proc/net/tcp', '/proc/net/tcp6'].some((table) =>
    readFileSync(table, 'utf8')
      .split('\n')
      .slice(1)
      .some((row) => {
        const [, local, , state, , , , , , inode] = row.trim().split(/\s+/);
        return local?.endsWith(hexPort) && state === LISTEN && inodes.has(inode ?? '');
      }),
  );
}

async function end(child: ChildProcess | undefined, signal: 'SIGTERM' | 'SIGKILL') {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((ok) => child.once('exit', ok));
  child.kill(signal);
  const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(force);
}

/** A schema of its own on the PostgreSQL of DATABASE_URL, named in the URL the server gets. */
async function createSchema(schema: string) {
  const base = process.env['DATABASE_URL']!;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE SCHEMA "${schema}"`);
  await admin.end();
  const url = new URL(base);
  // `public` stays on the path for the extensions migrations create there (pg_trgm, 011).
  url.searchParams.set('options', `-c search_path=${schema},public`);
  return {
    url: url.toString(),
    async drop() {
      const again = new pg.Client({ connectionString: base });
      await again.connect();
      await again.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      // The job queue's tables, beside it (queueSchemaFor in platform/pg-jobs.ts).
      await again.query(`DROP SCHEMA IF EXISTS "${schema}_jobs" CASCADE`);
      await again.end();
    },
  };
}

async function dropKeys(redisUrl: string, prefix: string): Promise<void> {
  const redis = new Redis(redisUrl);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
