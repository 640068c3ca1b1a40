// SIGTERM under load: eight writers with acknowledged writes in flight, two readers and an open
// event stream. Every request under way when the signal came must be answered as usual (never
// reset, never a 5xx); one started later is answered too, or refused at connect time
// (ECONNREFUSED) once the listener has closed; the stream gets its retry hint and ends cleanly;
// the process exits 0; after a restart on the same data every acknowledged write is there.
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, request } from 'undici';
import type { User } from '@doers/contract';
import { call, closeAgents, loopback } from './support/http.js';
import { startServer, type ServerProcess } from './support/servers.js';
import { registerFounder, suite, type Person } from './support/suite.js';

const WRITERS = 8;
const READERS = 2;
/** Acknowledged writes before the signal: the server is warm and every writer busy. */
const BEFORE_SIGNAL = 300;

type Outcome = {
  kind: 'write' | 'read';
  startedAt: number;
  endedAt: number;
  status?: number;
  /** The network error's code, when there was no answer. */
  error?: string;
};

let server: ServerProcess;
let sender: Person;
let target: Person;

beforeAll(async () => {
  server = await startServer({
    name: 'shutdown',
    runDir: suite().runDir,
    bundle: suite().bundle,
    env: { RATE_LIMIT_FACTOR: '1000000' },
  });
  [sender, target] = [await registerFounder(server.url), await registerFounder(server.url)];
});
afterAll(async () => {
  await closeAgents();
  await server?.dispose();
});

/** The realtime stream read raw: every byte, and whether it ended cleanly or was cut. */
async function openStream(base: string, token: string) {
  const agent = new Agent({ localAddress: loopback(17, 0) });
  const res = await request(`${base}/api/events`, {
    headers: { authorization: `Bearer ${token}` },
    dispatcher: agent,
  });
  let text = '';
  const ended = (async (): Promise<string> => {
    try {
      for await (const chunk of res.body) text += (chunk as Buffer).toString('utf8');
      return 'clean';
    } catch (error) {
      return `cut: ${codeOf(error)}`;
    } finally {
      await agent.close();
    }
  })();
  while (!text.includes('event: unread-counts')) await new Promise((ok) => setTimeout(ok, 10));
  return { status: res.statusCode, text: () => text, ended };
}

/**
 * A request written by hand on a connection of its own: its headers and half its body now, the
 * rest on `finish()`, so that it is surely under way when the signal comes. Resolves with the
 * answer once the server has closed the connection.
 */
async function slowRequest(base: string, path: string, token: string, body: unknown) {
  const { hostname, port } = new URL(base);
  const socket = connect({ host: hostname, port: Number(port), localAddress: loopback(17, 1) });
  await new Promise((ok, fail) => socket.once('connect', ok).once('error', fail));
  const json = Buffer.from(JSON.stringify(body));
  const half = Math.floor(json.length / 2);
  socket.write(
    `POST ${path} HTTP/1.1\r\nhost: ${hostname}:${port}\r\nauthorization: Bearer ${token}\r\n` +
      `content-type: application/json\r\ncontent-length: ${json.length}\r\n\r\n`,
  );
  socket.write(json.subarray(0, half));
  let raw = '';
  socket.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
  const closed = new Promise<string>((ok) => {
    socket.once('error', (error) => ok(`cut: ${codeOf(error)}`));
    socket.once('close', () => ok('closed'));
  });
  return {
    async finish() {
      socket.write(json.subarray(half));
      const end = await closed;
      const [head = '', text = ''] = raw.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((l) => [
          l.slice(0, l.indexOf(':')).toLowerCase(),
          l.slice(l.indexOf(':') + 1).trim(),
        ]),
      );
      return { status: Number(statusLine.split(' ')[1]), headers, text, end };
    },
  };
}

/** Resolves once the server's log has `line` past `from` (what it has done, not a time). */
async function logged(logFile: string, from: number, line: string): Promise<void> {
  while (!readFileSync(logFile, 'utf8').slice(from).includes(line))
    await new Promise((ok) => setTimeout(ok, 10));
}

const codeOf = (error: unknown): string => {
  const e = error as { code?: string; cause?: { code?: string }; message?: string } | null;
  return e?.code ?? e?.cause?.code ?? e?.message ?? String(error);
};

describe('graceful shutdown', () => {
  it('SIGTERM under load: in-flight requests answered, later ones refused, stream told to retry, exit 0, nothing acknowledged lost', async () => {
    const engine = process.env['DATABASE_URL'] ? 'PostgreSQL' : 'PGlite';
    const child = server.child()!;
    const exited = new Promise<{ code: number | null; at: number }>((ok) =>
      child.once('exit', (code) => ok({ code, at: performance.now() })),
    );
    const stream = await openStream(server.url, target.accessToken);
    expect(stream.status).toBe(200);
    const logFrom = readFileSync(server.logFile, 'utf8').length;
    // Its body half sent: under way at the signal, whatever the writers' timing.
    const slow = await slowRequest(server.url, '/api/vibes', sender.accessToken, {
      targetUserId: target.id,
      vibeReason: 'rooting for you',
    });

    const outcomes: Outcome[] = [];
    const acknowledged: string[] = [];
    let signalAt: number | undefined;
    let slowAnswer: ReturnType<typeof slow.finish> | undefined;
    const signal = () => {
      signalAt = performance.now();
      child.kill('SIGTERM');
      slowAnswer = logged(server.logFile, logFrom, 'stopping gracefully').then(() => slow.finish());
    };

    const worker = async (kind: Outcome['kind'], i: number) => {
      const from = loopback(16, kind === 'write' ? i : WRITERS + i);
      for (;;) {
        const outcome: Outcome = { kind, startedAt: performance.now(), endedAt: 0 };
        outcomes.push(outcome);
        try {
          const res =
            kind === 'write'
              ? await call<{ id: string }>(server.url, 'POST', '/api/vibes', {
                  token: sender.accessToken,
                  body: { targetUserId: target.id, vibeReason: 'rooting for you' },
                  from,
                })
              : await call<User>(server.url, 'GET', `/api/users/${target.id}`, {
                  token: sender.accessToken,
                  from,
                });
          outcome.status = res.status;
          if (kind === 'write' && res.status === 201) {
            acknowledged.push(res.body.id);
            if (acknowledged.length === BEFORE_SIGNAL) signal();
          }
        } catch (error) {
          outcome.error = codeOf(error);
        } finally {
          outcome.endedAt = performance.now();
        }
        // Stopped by its first failure: after the signal, a refused connection ends the load.
        if (outcome.error || (outcome.status ?? 0) >= 500) return;
      }
    };
    await Promise.all([
      ...Array.from({ length: WRITERS }, (_, i) => worker('write', i)),
      ...Array.from({ length: READERS }, (_, i) => worker('read', i)),
    ]);
    const exit = await exited;
    const streamEnd = await stream.ended;
    const slowly = await slowAnswer!;
    if (slowly.status === 201) acknowledged.push((JSON.parse(slowly.text) as { id: string }).id);

    const at = signalAt!;
    const inFlight = outcomes.filter((o) => o.startedAt < at && o.endedAt > at);
    const later = outcomes.filter((o) => o.startedAt >= at);
    const answeredLater = later.filter((o) => o.status !== undefined);
    const badly = outcomes.filter(
      (o) =>
        (o.status !== undefined && o.status !== (o.kind === 'write' ? 201 : 200)) ||
        (o.error !== undefined && (o.startedAt < at || o.error !== 'ECONNREFUSED')),
    );
    const drainLog = /"answered":(\d+)[^\n]*draining: every connection closed/.exec(
      readFileSync(server.logFile, 'utf8'),
    );

    // The same data, started again: the DATA_DIR lock was released (no wait for it to go stale).
    await server.start();
    const lockWait = server.lockWaitSeconds;
    const profile = await call<User>(server.url, 'GET', `/api/users/${target.id}`, {
      token: target.accessToken,
    });
    await server.stop();
    const rows = await server.query<{ id: string }>('SELECT id FROM vibes WHERE sender_id = $1', [
      sender.id,
    ]);
    const present = new Set(rows.map((r) => r.id));
    const missing = acknowledged.filter((id) => !present.has(id));

    console.log(
      `shutdown (${engine}): SIGTERM after ${BEFORE_SIGNAL} acknowledged vibes, ${WRITERS} ` +
        `writers and ${READERS} readers; exit ${exit.code} ` +
        `${((exit.at - at) / 1000).toFixed(2)} s after the signal; ${inFlight.length} requests ` +
        `in flight at the signal all answered (and one sent slowly: ${slowly.status}), ${answeredLater.length} started later answered ` +
        `during the drain, ${later.length - answeredLater.length} refused at connect ` +
        `(the server counted ${drainLog?.[1] ?? '?'} answered while draining); the stream ` +
        `ended ${streamEnd}; after restart (lock wait ${lockWait.toFixed(1)} s) ` +
        `${acknowledged.length - missing.length}/${acknowledged.length} acknowledged present`,
    );
    // The request under way was answered, as its connection's last.
    expect(slowly).toMatchObject({ status: 201, end: 'closed' });
    expect(slowly.headers['connection']).toBe('close');
    expect(badly).toEqual([]);
    expect(inFlight.length).toBeGreaterThan(0);
    expect(exit.code).toBe(0);
    expect(streamEnd).toBe('clean');
    expect(stream.text()).toMatch(/\nretry: \d+\n\n$/);
    expect(lockWait).toBe(0);
    expect(missing).toEqual([]);
    expect(profile.body.stats.totalVibes).toBe(rows.length);
  });

  it('a second SIGTERM while a request holds the drain open exits at once, with 1, and says why', async () => {
    // The first test leaves it stopped; run alone, it is running.
    const running = server.child();
    if (!running || running.exitCode !== null || running.signalCode !== null) await server.start();
    const child = server.child()!;
    const exited = new Promise<number | null>((ok) => child.once('exit', ok));
    const logFrom = readFileSync(server.logFile, 'utf8').length;
    const slow = await slowRequest(server.url, '/api/vibes', sender.accessToken, {
      targetUserId: target.id,
      vibeReason: 'rooting for you',
    });
    child.kill('SIGTERM');
    await logged(server.logFile, logFrom, 'stopping gracefully');
    child.kill('SIGTERM');
    expect(await exited).toBe(1);
    await slow.finish(); // the connection died with the process
    expect(readFileSync(server.logFile, 'utf8').slice(logFrom)).toContain(
      'SIGTERM while stopping: exiting now',
    );
  });
});
