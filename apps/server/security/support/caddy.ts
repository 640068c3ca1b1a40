// Caddy as a child process in front of server processes: the proxy of deploy/Caddyfile, on a
// loopback port over plain http. Its proxy block (the `(doers)` snippet) is read from
// deploy/Caddyfile as it is, so the test tries what compose.yaml deploys; only the site around it
// differs (no TLS, no certificate on loopback).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { freePort } from '../../test/support/server-process.js';

const root = resolve(import.meta.dirname, '../../../..');

/** The sticky cookie's name in deploy/Caddyfile (`lb_policy cookie doers_lb`). */
export const STICKY_COOKIE = 'doers_lb';

/** Debian's caddy (or any on the PATH), or undefined. */
export function caddyBinary(): string | undefined {
  const found = spawnSync('sh', ['-c', 'command -v caddy'], { encoding: 'utf8' });
  const path = found.stdout.trim();
  return found.status === 0 && path ? path : undefined;
}

/** The `(doers) { … }` snippet of deploy/Caddyfile: the reverse proxy, its stickiness and checks. */
export function deployedProxyBlock(): string {
  const text = readFileSync(join(root, 'deploy/Caddyfile'), 'utf8');
  const block = /^\(doers\) \{\n[\s\S]*?\n\}$/m.exec(text)?.[0];
  if (!block) throw new Error('deploy/Caddyfile has no (doers) snippet');
  return block;
}

/**
 * The cookie value that sends a client to one upstream: Caddy's cookie policy names an upstream
 * by the HMAC-SHA256 of its address (keyed by the policy's secret, none here).
 */
export const stickyCookieFor = (upstream: string): string =>
  `${STICKY_COOKIE}=${createHmac('sha256', '').update(upstream).digest('hex')}`;

export type Caddy = { url: string; logFile: string; stop(): Promise<void> };

export async function startCaddy(options: {
  binary: string;
  runDir: string;
  /** `host:port` of each instance. */
  upstreams: string[];
}): Promise<Caddy> {
  const port = await freePort();
  const dir = join(options.runDir, 'caddy');
  mkdirSync(dir, { recursive: true });
  const config = join(dir, 'Caddyfile');
  writeFileSync(
    config,
    [
      '{',
      '\tadmin off',
      '\tauto_https off',
      '}',
      deployedProxyBlock(),
      `http://127.0.0.1:${port} {`,
      '\timport doers',
      '}',
      '',
    ].join('\n'),
  );
  // Not named *.log: the security suite's logs test reads the servers' logs, and Caddy's are
  // its own.
  const logFile = join(dir, 'caddy.out');
  const fd = openSync(logFile, 'a');
  const child: ChildProcess = spawn(
    options.binary,
    ['run', '--config', config, '--adapter', 'caddyfile'],
    {
      env: {
        PATH: process.env['PATH'] ?? '',
        // Its state (autosaved config, the local CA) in the run's folder, not the home's.
        HOME: dir,
        XDG_CONFIG_HOME: join(dir, 'config'),
        XDG_DATA_HOME: join(dir, 'data'),
        DOERS_UPSTREAMS: options.upstreams.join(' '),
      },
      stdio: ['ignore', fd, fd],
    },
  );
  closeSync(fd);
  const url = `http://127.0.0.1:${port}`;
  const until = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`caddy exited (${child.exitCode}):\n${readFileSync(logFile, 'utf8')}`);
    try {
      if ((await fetch(`${url}/api/health/live`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`caddy: no answer within 30 s at ${url}`);
    await new Promise((ok) => setTimeout(ok, 100));
  }
  return {
    url,
    logFile,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((ok) => child.once('exit', ok));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
