import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, utimesSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { LOCK_STALE_MS, lockDataDir } from '../src/platform/data-dir-lock.js';

// The server and db:migrate from their bundles (global set-up); the contender through tsx.
const SERVER = () => [inject('bundles').server];
const MIGRATE = () => [inject('bundles').migrate];
const CONTENDER = [
  '--import',
  'tsx',
  new URL('./support/lock-contender.ts', import.meta.url).pathname,
];

const children: ChildProcess[] = [];
const dirs: string[] = [];

afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'doers-lock-'));
  dirs.push(dir);
  return dir;
}

/** Node with `args`, as its own process, with its output read line by line. */
function run(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  children.push(child);
  const lines: string[] = [];
  const waiting: Array<{ resolve: (line: string) => void; reject: (e: Error) => void }> = [];
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  createInterface({ input: child.stdout! }).on('line', (line) => {
    const next = waiting.shift();
    if (next) next.resolve(line);
    else lines.push(line);
  });
  child.on('exit', (code) => {
    for (const w of waiting.splice(0)) w.reject(new Error(`exited with ${code}: ${stderr}`));
  });
  return {
    child,
    send: (line: string) => child.stdin!.write(`${line}\n`),
    nextLine: () =>
      new Promise<string>((resolve, reject) => {
        const line = lines.shift();
        if (line !== undefined) resolve(line);
        else if (child.exitCode !== null)
          reject(new Error(`exited with ${child.exitCode}: ${stderr}`));
        else waiting.push({ resolve, reject });
      }),
    exited: () =>
      new Promise<{ code: number | null; stderr: string }>((resolve) => {
        if (child.exitCode !== null) resolve({ code: child.exitCode, stderr });
        else child.on('exit', (code) => resolve({ code, stderr }));
      }),
  };
}

function appEnv(dataDir: string): Record<string, string> {
  return {
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: '',
    REDIS_URL: '',
    SMTP_URL: '',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'info',
    WEB_DIST: join(dataDir, 'no-web-build'),
  };
}

describe('the DATA_DIR lock', () => {
  it('a second server and db:migrate refuse while a server runs; db:migrate runs after it stops', async () => {
    const dataDir = await tempDir();
    const server = run(SERVER(), appEnv(dataDir));
    while (!(await server.nextLine()).includes('Doers is running')) {
      // the server's start-up lines
    }

    const migrate = await run(MIGRATE(), appEnv(dataDir)).exited();
    expect(migrate.code).toBe(1);
    expect(migrate.stderr).toContain(
      `Another Doers process (a server, db:migrate or admin) is using ${dataDir}`,
    );
    const second = await run(SERVER(), appEnv(dataDir)).exited();
    expect(second.code).toBe(1);
    expect(second.stderr).toContain(`is using ${dataDir}. Stop it first`);

    server.child.kill('SIGTERM');
    expect((await server.exited()).code).toBe(0);
    const after = await run(MIGRATE(), appEnv(dataDir)).exited();
    expect(after.code).toBe(0);
  }, 180_000);

  it('takes over the lock of a process killed with -9 once it goes stale, and not before', async () => {
    const dataDir = await tempDir();
    const holder = run(CONTENDER);
    holder.send(`lock ${dataDir}`);
    expect(await holder.nextLine()).toBe('won');
    holder.child.kill('SIGKILL');
    await holder.exited();
    const killedAt = Date.now();

    expect(() => lockDataDir(dataDir)).toThrow(/Another Doers process .* is using/);
    let release: (() => void) | undefined;
    while (!release) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      try {
        release = lockDataDir(dataDir);
      } catch {
        expect(Date.now() - killedAt).toBeLessThan(LOCK_STALE_MS + 5_000);
      }
    }
    const waited = Date.now() - killedAt;
    console.log(`lock of a killed process taken over after ${(waited / 1000).toFixed(1)} s`);
    // Its mtime was refreshed at most 2 s before the kill.
    expect(waited).toBeGreaterThan(LOCK_STALE_MS - 3_000);
    release();
  }, 30_000);

  it('of several processes taking over one dead lock at the same moment, exactly one wins', async () => {
    const contenders = Array.from({ length: 4 }, () => run(CONTENDER));
    const rounds = 40;
    const winners: number[] = [];
    for (let round = 0; round < rounds; round++) {
      // A lock whose holder died a minute ago (proper-lockfile's lock is a directory).
      const dataDir = await tempDir();
      const lock = join(dataDir, 'server.lock');
      mkdirSync(lock);
      const longAgo = new Date(Date.now() - 60_000);
      utimesSync(lock, longAgo, longAgo);

      for (const c of contenders) c.send(`lock ${dataDir}`);
      const answers = await Promise.all(contenders.map((c) => c.nextLine()));
      expect(answers.filter((a) => a !== 'won' && a !== 'refused')).toEqual([]);
      winners.push(answers.filter((a) => a === 'won').length);
      // No claim is left behind.
      expect(await readdir(dataDir)).toEqual(['server.lock']);

      for (const c of contenders) c.send('release');
      await Promise.all(contenders.map((c) => c.nextLine()));
    }
    console.log(
      `${rounds} rounds of 4 simultaneous takeovers: winners per round ${winners.join('')}`,
    );
    expect(winners).toEqual(Array.from({ length: rounds }, () => 1));
  }, 120_000);

  it('refuses a second holder in one process and frees the lock on release', async () => {
    const dataDir = await tempDir();
    const release = lockDataDir(dataDir);
    expect(() => lockDataDir(dataDir)).toThrow(/is using/);
    release();
    lockDataDir(dataDir)();
  });
});
