// The server under attack: apps/server/src/main.ts as a child process of its own, as it runs in
// production. Everything it prints goes to a log file in the run's folder (the logs test reads
// them all). On PostgreSQL it gets a fresh schema, on Redis a fresh key prefix.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { openDatabase } from '../../src/db/database.js';

const root = resolve(import.meta.dirname, '../../../..');

export const FOUNDER_CODE = 'SECURITY-SUITE-FOUNDERS';
/** The signing key of every server of the suite: a secret the logs must never show. */
export const JWT_SECRET = `security-suite-jwt-${randomBytes(24).toString('hex')}`;

/** What a test file needs to reach a server another process started (the shared one). */
export type ServerInfo = { name: string; url: string; dataDir: string; logFile: string };

export type ServerProcess = ServerInfo & {
  /** Starts it again on the same data (after stop or kill); the port may change. */
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

export async function startServer(options: {
  name: string;
  runDir: string;
  env?: Record<string, string>;
}): Promise<ServerProcess> {
  const id = randomBytes(5).toString('hex');
  const dataDir = mkdtempSync(join(tmpdir(), `doers-security-${options.name}-`));
  const logFile = join(options.runDir, `${options.name}.log`);
  const schema = process.env['DATABASE_URL'] ? await createSchema(`security_${id}`) : undefined;
  const redisPrefix = `doers-security:${id}:`;
  const env: Record<string, string> = {
    PATH: process.env['PATH'] ?? '',
    HOME: process.env['HOME'] ?? tmpdir(),
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'https://doers.test',
    JWT_SECRET,
    FOUNDER_INVITE_CODE: FOUNDER_CODE,
    FOUNDER_SEATS: '100000',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'info',
    WEB_DIST: join(dataDir, 'no-web-build'),
    ...(schema ? { DATABASE_URL: schema.url } : {}),
    ...(process.env['REDIS_URL']
      ? { REDIS_URL: process.env['REDIS_URL'], REDIS_PREFIX: redisPrefix }
      : {}),
    ...options.env,
  };

  let child: ChildProcess | undefined;
  const server: ServerProcess = {
    name: options.name,
    url: '',
    dataDir,
    logFile,
    lockWaitSeconds: 0,
    async start() {
      if (child && child.exitCode === null && child.signalCode === null)
        throw new Error(`${options.name}: already running`);
      const started = Date.now();
      server.lockWaitSeconds = 0;
      for (;;) {
        const from = existsSync(logFile) ? statSync(logFile).size : 0;
        // The child writes straight to the file: nothing is lost in a pipe when it is killed.
        const fd = openSync(logFile, 'a');
        child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
          cwd: root,
          env,
          stdio: ['ignore', fd, fd],
        });
        closeSync(fd);
        try {
          server.url = await listeningUrl(child, logFile, from, options.name);
          return;
        } catch (error) {
          // After a kill -9 the DATA_DIR lock stays until it goes stale (PGlite only): wait.
          const locked = error instanceof Error && /Another Doers process/.test(error.message);
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
      rmSync(dataDir, { recursive: true, force: true });
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

/** Waits for Fastify's "Server listening at …" line, then for a healthy /api/health. */
async function listeningUrl(
  child: ChildProcess,
  logFile: string,
  from: number,
  name: string,
): Promise<string> {
  const until = Date.now() + 90_000;
  let url: string | undefined;
  while (Date.now() < until) {
    const output = readFileSync(logFile, 'utf8').slice(from);
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${name}: the server exited (${child.exitCode}):\n${output.slice(-3000)}`);
    url ??= /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
    if (url) {
      try {
        if ((await fetch(`${url}/api/health`)).ok) return url;
      } catch {
        // not answering yet
      }
    }
    await new Promise((ok) => setTimeout(ok, 100));
  }
  throw new Error(`${name}: no healthy server within 90 s:\n${readFileSync(logFile, 'utf8')}`);
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
