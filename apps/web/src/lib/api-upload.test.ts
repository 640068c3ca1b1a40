// @vitest-environment happy-dom
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MEDIA_UPLOAD_FIELD, mediaApi, type Media } from '@doers/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, type ApiClient } from './api-client';
import { ApiError } from './api-error';
import { createMemoryStorage } from './storage';
import { createTokenStore, type TokenStore } from './token-storage';

// A real HTTP server on a free port and happy-dom's XMLHttpRequest: the file goes over the wire.
// (happy-dom sends no upload progress events; the progress bar is proved in Chromium, e2e.)
let server: Server;
let baseUrl: string;
let received: Array<{ auth: string | null; url: string; contentType: string; body: string }>;

const MEDIA: Media = {
  id: '6f1c0a7e-2c1d-4a8e-9d6e-000000000001',
  kind: 'voice',
  purpose: 'voice-intro',
  contentType: 'audio/mp4',
  url: '/api/media/6f1c0a7e-2c1d-4a8e-9d6e-000000000001',
  thumbnailUrl: null,
  posterUrl: null,
  size: 1234,
  durationMs: 3000,
  waveform: [0, 0.5, 1],
  width: null,
  height: null,
  transcript: null,
  createdAt: '2026-11-23T10:00:00.000Z',
};

function reply(res: ServerResponse, status: number, body?: unknown) {
  res.writeHead(status, {
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Allow-Headers': '*',
    'Access-Control-Allow-Methods': '*',
    ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
  });
  res.end(body === undefined ? undefined : JSON.stringify(body));
}

async function handle(req: IncomingMessage, res: ServerResponse) {
  if (req.method === 'OPTIONS') return reply(res, 204);
  let body = '';
  for await (const chunk of req) body += String(chunk);
  const auth = req.headers.authorization ?? null;
  if (req.url === '/api/auth/refresh') {
    return reply(res, 200, { accessToken: 'fresh-access', refreshToken: 'fresh-refresh' });
  }
  received.push({ auth, url: req.url ?? '', contentType: req.headers['content-type'] ?? '', body });
  if (req.url?.startsWith('/api/media?purpose=too-big')) {
    return reply(res, 413, { message: 'Photos can be at most 16 MB', statusCode: 413 });
  }
  if (req.url?.startsWith('/api/media?purpose=slow')) {
    return void setTimeout(() => reply(res, 201, MEDIA), 500); // the client cancels before this
  }
  if (auth !== 'Bearer fresh-access') return reply(res, 401, { message: 'Unauthorized' });
  return reply(res, 201, MEDIA);
}

beforeAll(async () => {
  server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

let tokens: TokenStore;
let client: ApiClient;
beforeEach(() => {
  received = [];
  tokens = createTokenStore(createMemoryStorage(), createMemoryStorage());
  client = createApiClient({ baseUrl, tokens, locks: null });
});

const voiceForm = () => {
  const form = new FormData();
  form.append(MEDIA_UPLOAD_FIELD, new Blob(['opus bytes'], { type: 'audio/webm' }), 'voice.webm');
  return form;
};

describe('ApiClient.upload', () => {
  it('sends the file as multipart to the declared path and checks the answer', async () => {
    tokens.setTokens({ accessToken: 'fresh-access', refreshToken: 'r' }, true);
    const media = await client.upload(
      mediaApi.upload,
      { query: { purpose: 'voice-intro' } },
      voiceForm(),
    );
    expect(media).toEqual(MEDIA);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ url: '/api/media?purpose=voice-intro' });
    expect(received[0]!.contentType).toMatch(/^multipart\/form-data; boundary=/);
    // (happy-dom names every blob "blob"; browsers send the given file name.)
    expect(received[0]!.body).toContain(
      `Content-Disposition: form-data; name="${MEDIA_UPLOAD_FIELD}"`,
    );
    expect(received[0]!.body).toContain('Content-Type: audio/webm');
    expect(received[0]!.body).toContain('opus bytes');
  });

  it('refreshes an expired access token once and sends the same file again', async () => {
    tokens.setTokens({ accessToken: 'stale', refreshToken: 'good' }, true);
    const media = await client.upload(mediaApi.upload, { query: { purpose: 'post' } }, voiceForm());
    expect(media.id).toBe(MEDIA.id);
    expect(received.map((r) => r.auth)).toEqual(['Bearer stale', 'Bearer fresh-access']);
    expect(received[1]!.body).toContain('opus bytes');
    expect(tokens.getAccessToken()).toBe('fresh-access');
  });

  it("rejects with the server's message", async () => {
    tokens.setTokens({ accessToken: 'fresh-access', refreshToken: 'r' }, true);
    const error: unknown = await client
      .upload(mediaApi.upload, { query: { purpose: 'too-big' as 'post' } }, voiceForm())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Photos can be at most 16 MB', statusCode: 413 });
  });

  it('stops when cancelled, rejecting with an AbortError', async () => {
    tokens.setTokens({ accessToken: 'fresh-access', refreshToken: 'r' }, true);
    const controller = new AbortController();
    const pending = client
      .upload(
        mediaApi.upload,
        { query: { purpose: 'slow' as 'post' }, signal: controller.signal },
        voiceForm(),
      )
      .catch((e: unknown) => e);
    await expect.poll(() => received.length).toBe(1);
    // happy-dom prints its own aborted request ("socket hang up") to stderr: expected here.
    const quiet = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    controller.abort();
    expect(await pending).toMatchObject({ name: 'AbortError' });
    await new Promise((resolve) => setTimeout(resolve, 600)); // the server's late answer, ignored
    quiet.mockRestore();
  });
});
