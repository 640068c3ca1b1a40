import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { TestClock } from '../src/platform/clock.js';
import { InProcessJobs, RETRIES } from '../src/platform/jobs.js';
import { queueSchemaFor } from '../src/platform/pg-jobs.js';
import { startTestServer, TEST_START, type TestServer } from './support/test-server.js';
import { startTwinServers, type Twins } from './support/twin-servers.js';

/** A runner whose log lines land in `lines`, on a TestClock. */
function inProcess() {
  const lines: string[] = [];
  const log = pino({ level: 'warn' }, { write: (line: string) => lines.push(line) });
  const clock = new TestClock(TEST_START);
  return { jobs: new InProcessJobs(log, { clock }), lines, clock };
}

const messages = (lines: string[]) => lines.map((l) => (JSON.parse(l) as { msg: string }).msg);

/** A promise with its resolve function outside: a handler that waits for the test. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('jobs in one process (PGlite)', () => {
  it('runs an enqueued job once, with its payload as JSON, after the caller goes on', async () => {
    const { jobs } = inProcess();
    const seen: unknown[] = [];
    jobs.define<{ to: string; at: string }>('test.deliver', async (payload) => {
      seen.push(payload);
    });
    await jobs.enqueue('test.deliver', { to: 'maya', at: new Date('2026-03-10T09:00:00Z') });
    expect(seen).toEqual([]);
    await jobs.drain();
    expect(seen).toEqual([{ to: 'maya', at: '2026-03-10T09:00:00.000Z' }]);
  });

  it('tries a failing job again, and keeps the first success', async () => {
    const { jobs, lines } = inProcess();
    let tries = 0;
    jobs.define('test.flaky', async () => {
      tries += 1;
      if (tries < 3) throw new Error('push service unavailable');
    });
    await jobs.enqueue('test.flaky', {});
    await jobs.drain();
    expect(tries).toBe(3);
    expect(messages(lines)).toEqual([
      'queued job failed; it will be tried again',
      'queued job failed; it will be tried again',
    ]);
  });

  it('drops a job that keeps failing after its last retry, with a log line', async () => {
    const { jobs, lines } = inProcess();
    let tries = 0;
    jobs.define('test.broken', async () => {
      tries += 1;
      throw new Error('gone for good');
    });
    await jobs.enqueue('test.broken', { id: 1 });
    await jobs.drain();
    expect(tries).toBe(RETRIES.limit + 1);
    expect(messages(lines).at(-1)).toBe('queued job dropped after its last try');
    expect(lines.at(-1)).toContain('"job":"test.broken"');
    await jobs.drain();
    expect(tries).toBe(RETRIES.limit + 1);
  });

  it('drain waits for the jobs that queued jobs queue', async () => {
    const { jobs } = inProcess();
    const done: string[] = [];
    jobs.define<{ step: number }>('test.chain', async ({ step }) => {
      done.push(`step ${step}`);
      if (step < 3) await jobs.enqueue('test.chain', { step: step + 1 });
    });
    await jobs.enqueue('test.chain', { step: 1 });
    await jobs.drain();
    expect(done).toEqual(['step 1', 'step 2', 'step 3']);
  });

  it('runs a timed job when its interval has passed on the clock, not before', async () => {
    const { jobs, clock } = inProcess();
    let runs = 0;
    jobs.every('test.hourly', 60 * 60_000, async () => {
      runs += 1;
    });
    expect(await jobs.runDue('test.hourly')).toBe(true);
    clock.advance({ minutes: 59 });
    expect(await jobs.runDue('test.hourly')).toBe(false);
    clock.advance({ minutes: 1 });
    expect(await jobs.runDue('test.hourly')).toBe(true);
    expect(runs).toBe(2);
    await jobs.stop();
  });

  it('stop waits for a running job', async () => {
    const { jobs } = inProcess();
    const handler = gate();
    const started = gate();
    let finished = false;
    jobs.define('test.slow', async () => {
      started.open();
      await handler.opened;
      // Still busy after the gate opens: a stop that did not wait would end first.
      await new Promise((resolve) => setTimeout(resolve, 20));
      finished = true;
    });
    await jobs.enqueue('test.slow', {});
    await started.opened;
    const stopped = jobs.stop().then(() => finished);
    handler.open();
    expect(await stopped).toBe(true);
  });
});

describe('jobs in a running app (PGlite, or PostgreSQL with DATABASE_URL)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('a job enqueued in the app runs once, and drain waits for it', async () => {
    const seen: number[] = [];
    server.app.jobs.define<{ n: number }>('test.app', async ({ n }) => {
      seen.push(n);
    });
    await Promise.all([1, 2, 3].map((n) => server.app.jobs.enqueue('test.app', { n })));
    await server.app.jobs.drain();
    expect(seen.sort()).toEqual([1, 2, 3]);
  });

  it('the timed jobs of the app are due at start and then once an interval', async () => {
    expect(await server.app.jobs.runDue('posts.trimTimelines')).toBe(true);
    expect(await server.app.jobs.runDue('posts.trimTimelines')).toBe(false);
    server.clock.advance({ hours: 1 });
    expect(await server.app.jobs.runDue('posts.trimTimelines')).toBe(true);
  });
});

describe('where the job queue keeps its tables on PostgreSQL', () => {
  it('beside the app schema of a test or of a search_path, else in pgboss', () => {
    const url = 'postgres://doers@db.example:5432/doers';
    expect(queueSchemaFor(url)).toBe('pgboss');
    expect(queueSchemaFor(url, 'test_0a1b2c3d4e')).toBe('test_0a1b2c3d4e_jobs');
    const inSchema = `${url}?options=${encodeURIComponent('-c search_path=security_ab12,public')}`;
    expect(queueSchemaFor(inSchema)).toBe('security_ab12_jobs');
    const inPublic = `${url}?options=${encodeURIComponent('-c search_path=public')}`;
    expect(queueSchemaFor(inPublic)).toBe('pgboss');
  });
});

describe('closing an app with a job running', () => {
  let closing: TestServer;
  beforeAll(async () => {
    closing = await startTestServer();
  });

  it('closing the app waits for a queued job that is running', async () => {
    const { jobs } = closing.app;
    const handler = gate();
    const started = gate();
    let finished = false;
    jobs.define('test.slow', async () => {
      started.open();
      await handler.opened;
      // Still busy for a while after the gate opens: a stop that did not wait ends first.
      await new Promise((resolve) => setTimeout(resolve, 50));
      finished = true;
    });
    await jobs.enqueue('test.slow', {});
    await started.opened;
    // The job may go on only once the app has begun to stop its jobs.
    const stop = jobs.stop.bind(jobs);
    let finishedWhenStopped: boolean | undefined;
    jobs.stop = async () => {
      const stopping = stop();
      handler.open();
      await stopping;
      finishedWhenStopped = finished;
    };
    await closing.close();
    expect(finishedWhenStopped).toBe(true);
  });
});

describe.skipIf(!process.env['DATABASE_URL'])('jobs on PostgreSQL, two instances', () => {
  let twins: Twins;
  beforeAll(async () => {
    twins = await startTwinServers();
  });
  afterAll(() => twins?.close());

  it('a timed job due once runs in one instance only, however many ask at once', async () => {
    const ran: string[] = [];
    const { a, b } = twins;
    a.app.jobs.every('test.reminder', 15 * 60_000, async () => {
      ran.push('a');
    });
    b.app.jobs.every('test.reminder', 15 * 60_000, async () => {
      ran.push('b');
    });
    const both = () =>
      Promise.all([
        a.app.jobs.runDue('test.reminder'),
        b.app.jobs.runDue('test.reminder'),
        a.app.jobs.runDue('test.reminder'),
        b.app.jobs.runDue('test.reminder'),
      ]);
    expect((await both()).filter(Boolean)).toHaveLength(1);
    expect(ran).toHaveLength(1);
    // Not due again until 15 minutes have passed, on either instance's clock.
    a.clock.advance({ minutes: 14 });
    b.clock.advance({ minutes: 14 });
    expect((await both()).filter(Boolean)).toHaveLength(0);
    a.clock.advance({ minutes: 1 });
    b.clock.advance({ minutes: 1 });
    expect((await both()).filter(Boolean)).toHaveLength(1);
    expect(ran).toHaveLength(2);
  });

  it('each queued job is handled by exactly one instance', async () => {
    const handled = new Map<number, string[]>();
    const count =
      (who: string) =>
      async ({ n }: { n: number }) => {
        handled.set(n, [...(handled.get(n) ?? []), who]);
      };
    twins.a.app.jobs.define('test.once', count('a'));
    twins.b.app.jobs.define('test.once', count('b'));
    const sent = Array.from({ length: 40 }, (_, n) => n);
    await Promise.all(
      sent.map((n) => (n % 2 ? twins.a : twins.b).app.jobs.enqueue('test.once', { n })),
    );
    await Promise.all([twins.a.app.jobs.drain(), twins.b.app.jobs.drain()]);
    expect([...handled.keys()].sort((x, y) => x - y)).toEqual(sent);
    for (const [n, by] of handled) expect({ n, by: by.length }).toEqual({ n, by: 1 });
    const byA = [...handled.values()].filter((by) => by[0] === 'a').length;
    console.log(`40 queued jobs on two instances: ${byA} handled by a, ${40 - byA} by b`);
  });

  it('a failing job is tried again in any instance, then dropped with a log line', async () => {
    let tries = 0;
    const broken = async () => {
      tries += 1;
      throw new Error('push service unavailable');
    };
    twins.a.app.jobs.define('test.broken', broken);
    twins.b.app.jobs.define('test.broken', broken);
    await twins.a.app.jobs.enqueue('test.broken', { id: 'x' });
    await twins.a.app.jobs.drain();
    expect(tries).toBe(RETRIES.limit + 1);
    const lines = [...twins.a.logs, ...twins.b.logs].filter((l) => l.includes('test.broken'));
    expect(messages(lines).filter((m) => m.startsWith('queued job dropped'))).toEqual([
      'queued job dropped after its last try',
    ]);
    await twins.b.app.jobs.drain();
    expect(tries).toBe(RETRIES.limit + 1);
  });

  it('a job of one test app is never taken by another app on its own schemas', async () => {
    const other = await startTestServer();
    try {
      const taken: string[] = [];
      other.app.jobs.define('test.mine', async () => {
        taken.push('other');
      });
      twins.a.app.jobs.define('test.mine', async () => {
        taken.push('a');
      });
      await twins.a.app.jobs.enqueue('test.mine', {});
      await Promise.all([twins.a.app.jobs.drain(), other.app.jobs.drain()]);
      expect(taken).toEqual(['a']);
    } finally {
      await other.close();
    }
  });
});
