import type { Health, Liveness, Readiness } from '@doers/contract';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server } from '../../../../test/support/s3-server.js';
import { startTcpLink } from '../../../../test/support/tcp-link.js';
import { startTestServer, type TestServer } from '../../../../test/support/test-server.js';

// Liveness and readiness as a load balancer asks them (docs: README, "Health and metrics"): on
// PGlite, or on PostgreSQL (and Redis) when DATABASE_URL (REDIS_URL) is set.
const pgUrl = process.env['DATABASE_URL'];
const redisUrl = process.env['REDIS_URL'];

describe('GET /api/health/live and /api/health/ready', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answer 200, never cached, while everything answers', async () => {
    const live = await server.request<Liveness>('GET', '/api/health/live');
    expect(live.status).toBe(200);
    expect(live.body).toEqual({ status: 'live' });
    expect(live.headers.get('cache-control')).toBe('no-store');

    const ready = await server.request<Readiness>('GET', '/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.headers.get('cache-control')).toBe('no-store');
    expect(ready.body).toEqual({
      status: 'ready',
      draining: false,
      checks: {
        database: 'ok',
        migrations: 'ok',
        redis: redisUrl ? 'ok' : 'skipped',
        storage: 'ok',
      },
      failed: [],
    });
    // The status screen's endpoint is still there.
    const health = await server.request<Health>('GET', '/api/health');
    expect(health.status).toBe(200);
  });

  it('answers 503 naming the migrations while one is not applied', async () => {
    const [last] = await server.db.query<{ name: string }>(
      'SELECT name FROM schema_migrations ORDER BY name DESC LIMIT 1',
    );
    await server.db.query('DELETE FROM schema_migrations WHERE name = $1', [last!.name]);
    try {
      const ready = await server.request<Readiness>('GET', '/api/health/ready');
      expect(ready.status).toBe(503);
      expect(ready.body.failed).toEqual(['migrations']);
      expect(ready.body.checks.database).toBe('ok');
    } finally {
      await server.db.query('INSERT INTO schema_migrations (name) VALUES ($1)', [last!.name]);
    }
    expect((await server.request('GET', '/api/health/ready')).status).toBe(200);
  });

  it('answers 503 naming the storage when the media folder cannot be written', async () => {
    const media = join(server.dataDir, 'media');
    await rm(media, { recursive: true, force: true });
    await writeFile(media, 'a file where the folder should be');
    try {
      const ready = await server.request<Readiness>('GET', '/api/health/ready');
      expect(ready.status).toBe(503);
      expect(ready.body.failed).toEqual(['storage']);
    } finally {
      await rm(media, { force: true });
    }
    expect((await server.request('GET', '/api/health/ready')).status).toBe(200);
  });

  it('answers 503 (draining) once the server begins to stop, while live stays 200', async () => {
    server.app.beginDraining();
    const ready = await server.request<Readiness>('GET', '/api/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ status: 'not-ready', draining: true, failed: ['draining'] });
    expect((await server.request('GET', '/api/health/live')).status).toBe(200);
  });
});

describe('readiness with media in an S3 bucket (s3rver on loopback)', () => {
  it('asks the bucket: 200 while it answers, 503 naming the storage once it is gone', async () => {
    const s3 = await startS3Server();
    const server = await startTestServer({
      S3_ENDPOINT: s3.settings.endpoint,
      S3_BUCKET: s3.settings.bucket,
      S3_ACCESS_KEY_ID: s3.settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.settings.secretAccessKey,
    });
    let s3Open = true;
    try {
      const ready = await server.request<Readiness>('GET', '/api/health/ready');
      expect(ready.status).toBe(200);
      expect(ready.body.checks.storage).toBe('ok');
      await s3.close();
      s3Open = false;
      const gone = await server.request<Readiness>('GET', '/api/health/ready');
      expect(gone.status).toBe(503);
      expect(gone.body.failed).toEqual(['storage']);
    } finally {
      await server.close();
      if (s3Open) await s3.close();
    }
  });
});

describe.runIf(!pgUrl)('readiness on PGlite whose database is closed', () => {
  it('answers 503 naming the database, and live still answers 200', async () => {
    const server = await startTestServer();
    try {
      await server.db.close();
      const ready = await server.request<Readiness>('GET', '/api/health/ready');
      expect(ready.status).toBe(503);
      expect(ready.body.failed).toEqual(['database']);
      expect(ready.body.checks).toMatchObject({ database: 'failed', migrations: 'skipped' });
      expect((await server.request('GET', '/api/health/live')).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe.runIf(pgUrl)('readiness on PostgreSQL (and Redis) cut off by the network', () => {
  // The server reaches them through a TCP link the test cuts: its sockets reset, new ones
  // refused, as when the database's host goes away; mended, the server finds them again.
  const links: Awaited<ReturnType<typeof startTcpLink>>[] = [];
  let server: TestServer;
  let pg: (typeof links)[number];
  let redis: (typeof links)[number] | undefined;
  const through = (url: string, port: number) => {
    const parsed = new URL(url);
    parsed.hostname = '127.0.0.1';
    parsed.port = String(port);
    return parsed.toString();
  };
  const link = async (url: string) => {
    const parsed = new URL(url);
    const made = await startTcpLink({ host: parsed.hostname, port: Number(parsed.port) });
    links.push(made);
    return made;
  };

  beforeAll(async () => {
    pg = await link(pgUrl!);
    redis = redisUrl ? await link(redisUrl) : undefined;
    server = await startTestServer({
      DATABASE_URL: through(pgUrl!, pg.port),
      ...(redis ? { REDIS_URL: through(redisUrl!, redis.port) } : {}),
    });
  });
  afterAll(async () => {
    await server?.close();
    for (const made of links) await made.close();
  });

  /** Readiness until it answers 200 again (the pool and Redis reconnect on their own). */
  async function readyAgain(): Promise<void> {
    await expect
      .poll(async () => (await server.request('GET', '/api/health/ready')).status, {
        timeout: 15_000,
        interval: 200,
      })
      .toBe(200);
  }

  it('answers 503 naming the database while PostgreSQL cannot be reached', async () => {
    expect((await server.request('GET', '/api/health/ready')).status).toBe(200);
    await pg.cut();
    try {
      const ready = await server.request<Readiness>('GET', '/api/health/ready');
      expect(ready.status).toBe(503);
      expect(ready.body.failed).toContain('database');
      expect(ready.body.checks.database).toBe('failed');
      expect((await server.request('GET', '/api/health/live')).status).toBe(200);
    } finally {
      await pg.mend();
    }
    await readyAgain();
  });

  it.runIf(redisUrl)('answers 503 naming Redis while Redis cannot be reached', async () => {
    await redis!.cut();
    try {
      const ready = await server.request<Readiness>('GET', '/api/health/ready');
      expect(ready.status).toBe(503);
      expect(ready.body.failed).toEqual(['redis']);
    } finally {
      await redis!.mend();
    }
    await readyAgain();
  });
});
