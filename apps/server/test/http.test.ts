import { mkdir, writeFile } from 'node:fs/promises';
import { get, type IncomingHttpHeaders } from 'node:http';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, Health } from '@doers/contract';
import { registerFounder } from './support/people.js';
import { FOUNDER_CODE, startTestServer, type TestServer } from './support/test-server.js';

/** A script worth compressing: text that repeats, as code does. */
const BIG_SCRIPT = 'export const greeting = "hello, doer";\n'.repeat(200);

/** A GET that shows the bytes on the wire: fetch would decompress them unasked. */
function rawGet(base: string, path: string, acceptEncoding: string, headers = {}) {
  return new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    get(
      new URL(path, base),
      { headers: { 'accept-encoding': acceptEncoding, ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      },
    ).on('error', reject);
  });
}
const decode = (body: Buffer, encoding: 'br' | 'gzip' | undefined) =>
  encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;

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

  it('compresses JSON answers over 1 KB for a client that accepts it, and only then', async () => {
    const { auth } = await registerFounder(server);
    const headers = { authorization: `Bearer ${auth.tokens.accessToken}` };
    const plain = await rawGet(server.url, '/api/interests', 'identity', headers);
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const encoding of ['br', 'gzip'] as const) {
      const res = await rawGet(server.url, '/api/interests', encoding, headers);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.body.length).toBeLessThan(plain.body.length / 2);
      expect(JSON.parse(decode(res.body, encoding).toString())).toEqual(
        JSON.parse(plain.body.toString()),
      );
    }
    // A short answer costs more to compress than it saves.
    const health = await rawGet(server.url, '/api/health', 'br');
    expect(health.headers['content-encoding']).toBeUndefined();
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
    // As the build leaves a large file: beside its Brotli and gzip copies.
    await writeFile(join(dist, 'assets', 'big-def456.js'), BIG_SCRIPT);
    await writeFile(join(dist, 'assets', 'big-def456.js.br'), brotliCompressSync(BIG_SCRIPT));
    await writeFile(join(dist, 'assets', 'big-def456.js.gz'), gzipSync(BIG_SCRIPT));
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

  it('sends the Brotli or gzip copy of a file as the browser accepts, saying it varies', async () => {
    for (const [accept, encoding] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const res = await rawGet(server.url, '/assets/big-def456.js', accept);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(decode(res.body, encoding).toString(), accept).toBe(BIG_SCRIPT);
    }
  });

  it('gives a 404 for a missing asset and JSON for a missing API route', async () => {
    expect((await server.request('GET', '/assets/index-old999.js')).status).toBe(404);
    const api = await server.request<ApiErrorBody>('GET', '/api/nothing');
    expect(api.status).toBe(404);
    expect(api.body.statusCode).toBe(404);
  });
});
