import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from './support/event-stream.js';
import { registerFounder } from './support/people.js';
import { startTestServer, type TestServer } from './support/test-server.js';

// GET /metrics (platform/metrics.ts, metrics-endpoint.ts): behind METRICS_TOKEN, in the
// Prometheus text format, over real HTTP; PGlite, or PostgreSQL when DATABASE_URL is set.
const TOKEN = 'metrics-token-for-the-tests-0123456789';

/** The value of one sample line (`name{labels} value`), or undefined when there is none. */
function sample(text: string, name: string, labels: Record<string, string> = {}) {
  const line = text
    .split('\n')
    .find(
      (l) =>
        (l.startsWith(`${name}{`) || l.startsWith(`${name} `)) &&
        Object.entries(labels).every(([k, v]) => l.includes(`${k}="${v}"`)),
    );
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('GET /metrics without METRICS_TOKEN', () => {
  it('is not there: 404, whatever token is sent', async () => {
    const server = await startTestServer();
    try {
      expect((await server.request('GET', '/metrics')).status).toBe(404);
      expect((await server.request('GET', '/metrics', { token: TOKEN })).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});

describe('GET /metrics with METRICS_TOKEN set', () => {
  let server: TestServer;
  const scrape = async () => {
    const res = await server.request<string>('GET', '/metrics', { token: TOKEN });
    expect(res.status).toBe(200);
    return res.body;
  };
  beforeAll(async () => {
    server = await startTestServer({ METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers 401 without the token or with a wrong one, 200 in the text format with it', async () => {
    const none = await server.request('GET', '/metrics');
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect((await server.request('GET', '/metrics', { token: `${TOKEN}x` })).status).toBe(401);
    expect((await server.request('GET', '/metrics', { token: 'short' })).status).toBe(401);
    const basic = { authorization: `Basic ${Buffer.from(`u:${TOKEN}`).toString('base64')}` };
    expect((await server.request('GET', '/metrics', { headers: basic })).status).toBe(401);

    const right = await server.request<string>('GET', '/metrics', { token: TOKEN });
    expect(right.status).toBe(200);
    expect(right.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(right.headers.get('cache-control')).toBe('no-store');
    // Node's own figures, under the same prefix.
    expect(sample(right.body, 'doers_process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(right.body).toContain('# TYPE doers_nodejs_eventloop_lag_seconds gauge');
  });

  it('times requests by route pattern, never by address, and counts statuses', async () => {
    const before = await scrape();
    const ok = (n: number) => sample(before, 'doers_http_responses_total', { status_code: `${n}` });
    for (let i = 0; i < 3; i += 1) {
      expect((await server.request('GET', '/api/health/live')).status).toBe(200);
    }
    const ids = [randomUUID(), randomUUID()];
    for (const id of ids) {
      expect((await server.request('GET', `/api/posts/${id}/comments`)).status).toBe(401);
    }
    const text = await scrape();
    const live = { route: '/api/health/live', method: 'GET', status_code: '200' };
    expect(sample(text, 'doers_http_request_duration_seconds_count', live)).toBe(3);
    expect(
      sample(text, 'doers_http_request_duration_seconds_bucket', { ...live, le: '+Inf' }),
    ).toBe(3);
    expect(
      sample(text, 'doers_http_request_duration_seconds_bucket', { ...live, le: '0.001' }),
    ).toBeDefined();
    const comments = { route: '/api/posts/:id/comments', method: 'GET', status_code: '401' };
    expect(sample(text, 'doers_http_request_duration_seconds_count', comments)).toBe(2);
    for (const id of ids) expect(text).not.toContain(id);
    // The scrape before these is counted too (its 200).
    expect(sample(text, 'doers_http_responses_total', { status_code: '200' })).toBe(
      (ok(200) ?? 0) + 4,
    );
    expect(sample(text, 'doers_http_responses_total', { status_code: '401' })).toBe(
      (ok(401) ?? 0) + 2,
    );
  });

  it('times every SQL statement, without the SQL in its labels', async () => {
    const before = sample(await scrape(), 'doers_db_query_duration_seconds_count') ?? 0;
    await registerFounder(server);
    const text = await scrape();
    expect(sample(text, 'doers_db_query_duration_seconds_count')).toBeGreaterThan(before);
    expect(sample(text, 'doers_db_query_duration_seconds_bucket', { le: '+Inf' })).toBe(
      sample(text, 'doers_db_query_duration_seconds_count'),
    );
    expect(text).not.toMatch(/SELECT|INSERT/);
  });

  it('shows the realtime streams open on this instance as they open and close', async () => {
    const { auth } = await registerFounder(server);
    expect(sample(await scrape(), 'doers_event_streams_open')).toBe(0);
    const stream = await openEventStream(server.url, auth.tokens.accessToken);
    await stream.next('unread-counts');
    expect(sample(await scrape(), 'doers_event_streams_open')).toBe(1);
    stream.close();
    await expect.poll(async () => sample(await scrape(), 'doers_event_streams_open')).toBe(0);
  });

  it('counts failed job runs and tries, and shows the queue depth', async () => {
    const { jobs } = server.app;
    jobs.every('test.broken', 60 * 60_000, async () => {
      throw new Error('broken on purpose');
    });
    await expect(jobs.runDue('test.broken')).rejects.toThrow('broken on purpose');

    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let tries = 0;
    jobs.define('test.held', async () => {
      await held;
      tries += 1;
      if (tries === 1) throw new Error('first try fails');
    });
    await jobs.enqueue('test.held', {});
    expect(sample(await scrape(), 'doers_job_queue_depth')).toBe(1);
    release();
    await jobs.drain();

    const text = await scrape();
    expect(sample(text, 'doers_job_queue_depth')).toBe(0);
    expect(sample(text, 'doers_job_failures_total', { job: 'test.broken', kind: 'timed' })).toBe(1);
    expect(sample(text, 'doers_job_failures_total', { job: 'test.held', kind: 'queued' })).toBe(1);
  });

  it('shows the media pipeline and the outbox, at 0 while nothing waits', async () => {
    const text = await scrape();
    expect(sample(text, 'doers_media_processing')).toBe(0);
    expect(sample(text, 'doers_media_waiting')).toBe(0);
    expect(sample(text, 'doers_outbox_pending')).toBe(0);
    expect(sample(text, 'doers_outbox_lag_seconds')).toBe(0);
  });
});
