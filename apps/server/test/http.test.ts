import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, Health } from '@doers/contract';
import { FOUNDER_CODE, startTestServer, type TestServer } from './support/test-server.js';

describe('HTTP conventions', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('answers unknown API routes with a JSON 404', async () => {
    const res = await server.request<ApiErrorBody>('GET', '/api/does-not-exist');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'No route GET /api/does-not-exist', statusCode: 404 });
  });

  it('names the problem with bad JSON, wrong types and oversized bodies', async () => {
    const badJson = await server.request<ApiErrorBody>('POST', '/api/auth/login', {
      raw: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(badJson.status).toBe(400);
    expect(badJson.body.message).toBe('body: not valid JSON');

    const wrongType = await server.request<ApiErrorBody>('POST', '/api/auth/login', {
      body: { email: 42, password: ['x'], device: { id: 'abcdefgh' } },
    });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.errors?.map((e) => e.field).sort()).toEqual(['email', 'password']);

    const huge = await server.request<ApiErrorBody>('POST', '/api/auth/login', {
      body: { email: 'x'.repeat(200_000), password: 'y' },
    });
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({ message: 'body: the request body is too large', statusCode: 413 });
  });

  it('reports the database in /api/health', async () => {
    const res = await server.request<Health>('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ok');
    expect(res.body.database.ok).toBe(true);
    expect(res.body.database.engine).toBe(process.env['DATABASE_URL'] ? 'postgres' : 'pglite');
  });

  it('exposes the founder invite code so the client can pre-fill it', async () => {
    const res = await server.request('GET', '/api/config');
    expect(res.body).toEqual({ founderInviteCode: FOUNDER_CODE, founderSeatsLeft: 100 });
  });
});

describe('serving the web app', () => {
  let server: TestServer;
  beforeAll(async () => {
    const dist = join(
      await import('node:os').then((os) => os.tmpdir()),
      `doers-dist-${Date.now()}`,
    );
    await mkdir(join(dist, 'assets'), { recursive: true });
    await writeFile(join(dist, 'index.html'), '<!doctype html><title>Doers</title>');
    await writeFile(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    await writeFile(join(dist, 'version.json'), '{"buildId":"b1","version":"0.1.0"}');
    server = await startTestServer({ WEB_DIST: dist });
  });
  afterAll(() => server.close());

  it('falls back to index.html for app routes, revalidated every time', async () => {
    for (const path of ['/', '/feed', '/quests/123/edit', '/reset-password?token=abc']) {
      const res = await server.request<string>('GET', path);
      expect(res.status, path).toBe(200);
      expect(res.body).toContain('<title>Doers</title>');
      expect(res.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('caches hashed assets for a year and never caches version.json', async () => {
    const asset = await server.request('GET', '/assets/index-abc123.js');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const version = await server.request('GET', '/version.json?t=123');
    expect(version.body).toEqual({ buildId: 'b1', version: '0.1.0' });
    expect(version.headers.get('cache-control')).toBe('no-store');
  });

  it('gives a 404 for a missing asset and JSON for a missing API route', async () => {
    expect((await server.request('GET', '/assets/index-old999.js')).status).toBe(404);
    const api = await server.request<ApiErrorBody>('GET', '/api/nothing');
    expect(api.status).toBe(404);
    expect(api.body.statusCode).toBe(404);
  });
});
