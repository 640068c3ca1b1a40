// An HTTP client that can stand on any loopback address: 127.0.0.0/8 is all this machine, so
// 127.10.0.1 and 127.10.0.2 look to the server like two computers.
import { Agent, request } from 'undici';

const agents = new Map<string, Agent>();

function agentFrom(address: string): Agent {
  let agent = agents.get(address);
  if (!agent) {
    agent = new Agent({ localAddress: address, connections: 64, pipelining: 1 });
    agents.set(address, agent);
  }
  return agent;
}

/** `loopback(10, 0)` → 127.10.0.1: block `block`, the i-th address in it (never .0 or .255). */
export function loopback(block: number, i: number): string {
  return `127.${block}.${Math.floor(i / 250)}.${(i % 250) + 1}`;
}

/** Closes every pooled connection (a file's afterAll). */
export async function closeAgents(): Promise<void> {
  const all = [...agents.values()];
  agents.clear();
  await Promise.all(all.map((a) => a.close()));
}

export type Reply<T = unknown> = {
  status: number;
  body: T;
  text: string;
  headers: Record<string, string | string[] | undefined>;
  /** Milliseconds from sending to the last byte of the answer. */
  ms: number;
};

export type CallOptions = {
  body?: unknown;
  /** Sent as is, with the content type of `headers` (application/json by default). */
  raw?: string | Buffer;
  token?: string;
  headers?: Record<string, string>;
  /** The loopback address to send from; 127.0.0.1 by default. */
  from?: string;
};

export async function call<T = unknown>(
  base: string,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<Reply<T>> {
  const headers: Record<string, string> = {};
  let body: string | Buffer | undefined = options.raw;
  if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers['authorization'] = `Bearer ${options.token}`;
  Object.assign(headers, options.headers);
  const started = performance.now();
  const res = await request(base + path, {
    method: method as 'GET',
    headers,
    ...(body !== undefined ? { body } : {}),
    dispatcher: agentFrom(options.from ?? '127.0.0.1'),
  });
  const text = await res.body.text();
  const ms = performance.now() - started;
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON (the web app's HTML): the text
  }
  return { status: res.statusCode, body: parsed as T, text, headers: res.headers, ms };
}

/** Runs `count` jobs with at most `width` in flight; resolves with their results in order. */
export async function pool<T>(
  count: number,
  width: number,
  job: (i: number) => Promise<T>,
): Promise<T[]> {
  const results = new Array<T>(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, count) }, async () => {
      while (next < count) {
        const i = next++;
        results[i] = await job(i);
      }
    }),
  );
  return results;
}

/** `{ 200: 3, 401: 10 }` as "200×3 401×10". */
export function histogram(statuses: number[]): string {
  const counts = new Map<number, number>();
  for (const s of statuses) counts.set(s, (counts.get(s) ?? 0) + 1);
  return [...counts.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${status}×${n}`)
    .join(' ');
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
