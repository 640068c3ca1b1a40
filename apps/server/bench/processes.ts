// The child processes of `npm run bench`: starting, awaiting and stopping them, and reading the
// CPU time they spend.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildServer } from '../build.js';

// The Doers server starts as every suite starts one (a free port, its own data, known as its own).
export { freePort, startServerProcess } from '../test/support/server-process.js';

const root = resolve(import.meta.dirname, '../../..');

/**
 * The server as `npm start` runs it: the bundle build.ts writes (built once per bench run,
 * from the sources as they are now), with plain Node.
 */
export const SERVER = 'apps/server/dist/main.js';
let built: Promise<void> | undefined;
export function buildServerOnce(): Promise<void> {
  built ??= buildServer();
  return built;
}

/** Signs in as the demo's Maya (a server started with SEED_DEMO): her access token. */
export async function signInDemo(base: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: 'maya',
      password: 'doers-demo-2026',
      device: { id: `bench-${randomBytes(6).toString('hex')}`, name: 'bench' },
    }),
  });
  if (!response.ok) throw new Error(`Signing in answered ${response.status}: is the demo seed on?`);
  const body = (await response.json()) as { tokens: { accessToken: string } };
  return body.tokens.accessToken;
}

/** Where this bench run's servers write their logs (kept, for a bench that went wrong). */
export const logDirOf = () => join(root, '.test-data/bench', String(process.pid));

/**
 * Starts a helper process (the bare node:http server, a direct database driver) and keeps the tail of what it prints, for when it dies early. A
 * TypeScript script runs through tsx; the server's bundle (SERVER) runs as it is.
 */
export function start(script: string, env: Record<string, string>, nodeFlags: string[] = []) {
  const loader = script.endsWith('.ts') ? ['--import', 'tsx'] : ['--enable-source-maps'];
  const child = spawn(process.execPath, [...nodeFlags, ...loader, script], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  return { child, output: () => output };
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((ok) => child.once('exit', ok));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

export async function waitFor(
  url: string,
  proc: ReturnType<typeof start>,
  what: string,
): Promise<void> {
  const until = Date.now() + 90_000;
  while (Date.now() < until) {
    if (proc.child.exitCode !== null)
      throw new Error(`${what} exited (${proc.child.exitCode}):\n${proc.output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((ok) => setTimeout(ok, 100));
  }
  throw new Error(`${what} did not answer ${url} within 90 s:\n${proc.output()}`);
}

/** CPU seconds (user + system) a process has used so far, on Linux; undefined elsewhere. */
const ticksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();
export function cpuSeconds(pid: number | undefined): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
  } catch {
    return undefined;
  }
}
