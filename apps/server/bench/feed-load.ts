// The feed benchmark's load and measurements (bench/feed.ts): autocannon with a token per
// person, the direct query in a process of its own, peak memory.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

export type Req = { method: string; path: string; token: string; body?: string };
export type Figures = { rps: number; p50: number; p99: number; bad: number; total: number };

/** autocannon with a list of requests per connection, each with its own person's token. */
export function load(
  base: string,
  connections: number,
  /** Seconds, or `{ amount }`: that many requests in all. */
  seconds: number | { amount: number },
  lists: Req[][],
): Promise<Figures> {
  const host = new URL(base).host;
  let next = 0;
  return new Promise((ok, fail) => {
    autocannon(
      {
        url: base,
        connections,
        ...(typeof seconds === 'number' ? { duration: seconds } : seconds),
        setupClient(client) {
          const list = lists[next++ % lists.length]!;
          client.setRequests(
            list.map((r) => ({
              method: r.method as 'GET',
              path: r.path,
              headers: {
                host,
                authorization: `Bearer ${r.token}`,
                ...(r.body !== undefined ? { 'content-type': 'application/json' } : {}),
              },
              ...(r.body !== undefined ? { body: r.body } : {}),
            })),
          );
        },
      },
      (error, r) =>
        error
          ? fail(error)
          : ok({
              rps: r.requests.total / r.duration,
              p50: r.latency.p50,
              p99: r.latency.p99,
              bad: r.non2xx + r.errors + r.timeouts,
              total: r.requests.total,
            }),
    );
  });
}

/** Deals `items` round-robin into `n` lists. */
export const deal = <T>(items: T[], n: number): T[][] =>
  Array.from({ length: n }, (_, c) => items.filter((_, i) => i % n === c));

export const percentile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

export function peakRssMb(pid: number | undefined): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? NaN) / 1024;
  } catch {
    return NaN;
  }
}

export function runDirect(
  engine: 'pglite' | 'postgres',
  location: string,
  readers: string[],
  seconds: number,
  explain: boolean,
): Promise<{
  /** Each reader once, on fresh buffers (the API's first reads are compared with these). */
  first: { p50: number; p99: number };
  p50: number;
  p99: number;
  runs: number;
  cpuMs: number;
  plan?: string;
}> {
  return new Promise((ok, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/bench/feed-direct.ts'], {
      cwd: new URL('../../..', import.meta.url).pathname,
      env: {
        ...process.env,
        BENCH_ENGINE: engine,
        BENCH_DB: location,
        BENCH_READERS: JSON.stringify(readers),
        BENCH_SECONDS: String(seconds),
        ...(explain ? { BENCH_EXPLAIN: '1' } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.on('exit', (code) => {
      const last = out.trim().split('\n').pop() ?? '';
      if (code === 0 && last.startsWith('{')) ok(JSON.parse(last));
      else fail(new Error(`The direct feed query failed (${code}):\n${err.slice(-2000)}`));
    });
  });
}
