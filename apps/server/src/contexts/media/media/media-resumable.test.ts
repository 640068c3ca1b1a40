import type { Media } from '@doers/contract';
import { request as httpRequest } from 'node:http';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchFile, filesIn, traces } from '../../../../test/support/media.js';
import { png, video } from '../../../../test/support/media-files.js';
import { registerFounder } from '../../../../test/support/people.js';
import { startTestServer, type TestServer } from '../../../../test/support/test-server.js';

let server: TestServer;
let work: string;
let maya: string;
let omar: string;

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_FACTOR: '20' });
  work = await mkdtemp(join(tmpdir(), 'doers-tus-'));
  maya = (await registerFounder(server)).auth.tokens.accessToken;
  omar = (await registerFounder(server)).auth.tokens.accessToken;
});
afterAll(async () => {
  await server.close();
  await rm(work, { recursive: true, force: true });
});

const TUS = { 'tus-resumable': '1.0.0' };

/** One tus request, as tus-js-client sends it. */
async function tus(
  method: string,
  path: string,
  token: string,
  headers: Record<string, string> = {},
  body?: Buffer,
) {
  const res = await fetch(server.url + path, {
    method,
    headers: { ...TUS, authorization: `Bearer ${token}`, ...headers },
    ...(body ? { body } : {}),
  });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

async function create(token: string, length: number): Promise<string> {
  const res = await tus('POST', '/api/media/uploads', token, {
    'upload-length': String(length),
    'upload-metadata': `filename ${Buffer.from('../../clip.mp4').toString('base64')}`,
  });
  expect(res.status, res.text).toBe(201);
  const location = res.headers.get('location')!;
  expect(location).toMatch(/^\/api\/media\/uploads\/[0-9a-f]{32}$/);
  return location;
}

async function offsetOf(location: string, token = maya): Promise<number> {
  const res = await tus('HEAD', location, token);
  expect(res.status).toBe(200);
  return Number(res.headers.get('upload-offset'));
}

const patch = (location: string, offset: number, bytes: Buffer, token = maya) =>
  tus(
    'PATCH',
    location,
    token,
    { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    bytes,
  );

/**
 * A PATCH whose connection drops after `sent` bytes of `bytes`: what a phone losing its network
 * in the middle of an upload does to the server.
 */
function droppedPatch(location: string, offset: number, bytes: Buffer, sent: number) {
  return new Promise<void>((resolve) => {
    const url = new URL(server.url + location);
    const req = httpRequest({
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      method: 'PATCH',
      headers: {
        ...TUS,
        authorization: `Bearer ${maya}`,
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(bytes.length),
      },
    });
    req.on('error', () => resolve());
    req.on('response', () => resolve());
    req.write(bytes.subarray(0, sent), () => {
      // Give the server a moment to take the bytes in, then pull the plug.
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 300);
    });
  });
}

async function finish(uploadId: string, token = maya, purpose = 'post') {
  return server.request<Media & { message?: string }>(
    'POST',
    `/api/media/uploads/${uploadId}/finish`,
    { token, body: { purpose } },
  );
}

describe('resumable uploads (tus)', () => {
  it('an upload cut off mid-way resumes where it stopped and ends as a checked video', async () => {
    const bytes = await readFile(await video(work, 4, 'mp4'));
    const location = await create(maya, bytes.length);
    const id = location.split('/').pop()!;
    const first = Math.floor(bytes.length / 3);
    expect((await patch(location, 0, bytes.subarray(0, first))).status).toBe(204);
    expect(await offsetOf(location)).toBe(first);

    // The connection drops while the second part is on its way.
    await droppedPatch(location, first, bytes.subarray(first), Math.floor(bytes.length / 3));
    const resumeAt = await offsetOf(location);
    expect(resumeAt).toBeGreaterThan(first);
    expect(resumeAt).toBeLessThan(bytes.length);

    // Not complete yet: finishing is refused and changes nothing.
    const early = await finish(id);
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/not complete/);

    const rest = await patch(location, resumeAt, bytes.subarray(resumeAt));
    expect(rest.status).toBe(204);
    expect(rest.headers.get('upload-offset')).toBe(String(bytes.length));

    const done = await finish(id);
    expect(done.status, JSON.stringify(done.body)).toBe(201);
    expect(done.body).toMatchObject({ kind: 'video', contentType: 'video/mp4' });
    expect(done.body.durationMs).toBeGreaterThan(3900);
    expect((await fetchFile(server, done.body.url)).status).toBe(200);
    // The bytes of the upload are gone once finished; finishing again finds nothing.
    expect(await filesIn(server, 'media-uploads')).toEqual([]);
    expect((await finish(id)).status).toBe(404);
  });

  it('only its creator may resume, read or finish an upload', async () => {
    const location = await create(maya, 1000);
    const id = location.split('/').pop()!;
    expect((await tus('HEAD', location, omar)).status).toBe(404);
    expect((await patch(location, 0, Buffer.alloc(10), omar)).status).toBe(404);
    expect((await finish(id, omar)).status).toBe(404);
    expect((await tus('HEAD', location, 'bad-token')).status).toBe(401);
    expect((await fetch(server.url + location, { method: 'HEAD', headers: TUS })).status).toBe(401);
    expect(await offsetOf(location)).toBe(0);
    // Its creator cancels it: the bytes go.
    expect((await tus('DELETE', location, maya)).status).toBe(204);
    expect((await tus('HEAD', location, maya)).status).toBe(404);
  });

  it('refuses uploads over 100 MB, without a length, and upload ids that are paths', async () => {
    const big = await tus('POST', '/api/media/uploads', maya, {
      'upload-length': String(100 * 1024 * 1024 + 1),
    });
    expect(big.status).toBe(413);
    const deferred = await tus('POST', '/api/media/uploads', maya, { 'upload-defer-length': '1' });
    expect(deferred.status).toBe(400);
    expect(deferred.text).toMatch(/Upload-Length/);
    for (const path of ['/api/media/uploads/..%2F..%2Fdb', '/api/media/uploads/%2E%2E']) {
      // Refused outright (a path separator in an id) or not found: never a file outside.
      expect([400, 404]).toContain((await tus('HEAD', path, maya)).status);
    }
    const finishPath = await server.request('POST', '/api/media/uploads/..%2Fx/finish', {
      token: maya,
      body: { purpose: 'post' },
    });
    expect(finishPath.status).toBe(400);
  });

  it('a finished upload that is not a valid file is refused like a plain one, leaving nothing', async () => {
    const bytes = Buffer.from('<html><script>alert(1)</script></html>');
    const location = await create(maya, bytes.length);
    expect((await patch(location, 0, bytes)).status).toBe(204);
    const res = await finish(location.split('/').pop()!);
    expect(res.status).toBe(415);
    expect(await traces(server)).toMatchObject({ temp: 0, resumable: 0 });
  });

  it('the cleanup job removes uploads left unfinished for a day', async () => {
    const location = await create(maya, 5000);
    expect((await patch(location, 0, await png(10, 10))).status).toBe(204);
    expect((await filesIn(server, 'media-uploads')).length).toBe(2);
    server.clock.advance({ hours: 25 });
    await server.app.jobs.run('media.removeAbandoned');
    expect(await filesIn(server, 'media-uploads')).toEqual([]);
  });
});
