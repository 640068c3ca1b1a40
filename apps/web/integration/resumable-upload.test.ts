import type { Media } from '@doers/contract';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchFile, filesIn } from '../../server/test/support/media.js';
import { video } from '../../server/test/support/media-files.js';
import { registerFounder } from '../../server/test/support/people.js';
import { startTestServer, type TestServer } from '../../server/test/support/test-server.js';
import { createApiClient, type ApiClient } from '../src/lib/api-client';
import { isApiError } from '../src/lib/api-error';
import { uploadResumable } from '../src/lib/resumable-upload';
import type { TokenStore } from '../src/lib/token-storage';

/**
 * The web app's tus client against a real server, through a TCP proxy that can pull the plug
 * in the middle of a PATCH, as a phone losing its network does.
 */

let server: TestServer;
let proxy: CuttingProxy;
let work: string;
let clip: Buffer;

const CHUNK = 8 * 1024;

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_FACTOR: '20' });
  proxy = await cuttingProxy(Number(new URL(server.url).port));
  work = await mkdtemp(join(tmpdir(), 'doers-web-tus-'));
  clip = await readFile(await video(work, 3, 'mp4'));
  expect(clip.length).toBeGreaterThan(3 * CHUNK);
});
afterAll(async () => {
  proxy.close();
  await server.close();
  await rm(work, { recursive: true, force: true });
});

interface CuttingProxy {
  server: Server;
  url: string;
  /** The Upload-Offset of every PATCH that went through, in order. */
  patchOffsets: number[];
  /** Drops the connection carrying the `nth` PATCH from now, after some of its body. */
  cutPatch(nth: number): void;
  close(): void;
}

async function cuttingProxy(port: number): Promise<CuttingProxy> {
  const state: CuttingProxy = {
    server: null as unknown as Server,
    url: '',
    patchOffsets: [],
    cutPatch: (nth) => {
      cutAt = state.patchOffsets.length + nth;
    },
    close: () => {
      for (const socket of sockets) socket.destroy();
      state.server.close();
    },
  };
  let cutAt = 0;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(port, '127.0.0.1');
    sockets.add(client).add(upstream);
    let cutting = 0; // bytes still let through before the cut
    const drop = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('data', (data: Buffer) => {
      const text = data.toString('latin1');
      const offset = /^PATCH [^\r]+\r\n(?:[^\r]+\r\n)*?upload-offset: (\d+)/im.exec(text);
      if (offset) {
        state.patchOffsets.push(Number(offset[1]));
        if (state.patchOffsets.length === cutAt) cutting = CHUNK / 2;
      }
      if (cutting > 0) {
        const headerEnd = offset ? text.indexOf('\r\n\r\n') + 4 : 0;
        if (data.length - headerEnd >= cutting) {
          // Half a chunk reaches the server, then the line goes dead.
          upstream.write(data.subarray(0, headerEnd + cutting), () => setTimeout(drop, 200));
          cutting = 0;
          return;
        }
        cutting -= data.length - headerEnd;
      }
      upstream.write(data);
    });
    upstream.on('data', (data: Buffer) => client.write(data));
    client.on('error', drop).on('close', () => upstream.destroy());
    upstream.on('error', drop).on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const proxyPort = typeof address === 'object' && address ? address.port : 0;
  return Object.assign(state, { server, url: `http://127.0.0.1:${proxyPort}` });
}

function memoryTokens(accessToken: string, refreshToken: string): TokenStore {
  let tokens: { accessToken: string; refreshToken: string } | null = { accessToken, refreshToken };
  return {
    getAccessToken: () => tokens?.accessToken ?? null,
    getRefreshToken: () => tokens?.refreshToken ?? null,
    hasTokens: () => tokens !== null,
    setTokens: (fresh) => {
      tokens = { accessToken: fresh.accessToken, refreshToken: fresh.refreshToken };
    },
    clear: () => {
      tokens = null;
    },
  };
}

async function signedInClient(staleAccessToken = false): Promise<ApiClient> {
  const { tokens } = (await registerFounder(server)).auth;
  const access = staleAccessToken ? `${tokens.accessToken.slice(0, -4)}xxxx` : tokens.accessToken;
  return createApiClient({
    baseUrl: `${proxy.url}/api`,
    tokens: memoryTokens(access, tokens.refreshToken),
    locks: null,
  });
}

const asFile = () => new File([new Uint8Array(clip)], 'clip.mp4', { type: 'video/mp4' });

function expectVideo(media: Media) {
  expect(media).toMatchObject({ kind: 'video', contentType: 'video/mp4', purpose: 'post' });
  expect(media.posterUrl).not.toBeNull();
  expect(media.durationMs).toBeGreaterThan(2900);
  expect(media.durationMs).toBeLessThan(3500);
}

describe('resumable uploads from the web client (tus, real server)', () => {
  it('a connection cut mid-chunk is retried from the server offset, with a refreshed token', async () => {
    const client = await signedInClient(true);
    const shares: number[] = [];
    proxy.patchOffsets.length = 0;
    proxy.cutPatch(2);
    const media = await uploadResumable(client, asFile(), 'post', {
      chunkSize: CHUNK,
      retryDelays: [0, 200, 500],
      onProgress: (share) => shares.push(share),
    });
    expectVideo(media);
    expect(shares.at(-1)).toBe(1);
    // The stale access token got a 401; the upload went on with the refreshed one.
    expect(client.currentTokens().accessToken).not.toMatch(/xxxx$/);

    const offsets = proxy.patchOffsets;
    expect(offsets.slice(0, 2)).toEqual([0, CHUNK]);
    // The third PATCH starts where the server stopped taking bytes: past the cut chunk's start,
    // before its end — neither from zero nor the whole chunk again.
    expect(offsets[2]).toBeGreaterThan(CHUNK);
    expect(offsets[2]).toBeLessThan(2 * CHUNK);
    for (let i = 3; i < offsets.length; i++) expect(offsets[i]).toBe(offsets[i - 1]! + CHUNK);
    expect(offsets.at(-1)! + CHUNK).toBeGreaterThanOrEqual(clip.length);
    expect((await fetchFile(server, media.posterUrl!)).status).toBe(200);
    expect(await filesIn(server, 'media-uploads')).toEqual([]);
  });

  it('a failed upload sent again (Retry) resumes where the server stopped', async () => {
    const client = await signedInClient();
    const file = asFile();
    proxy.patchOffsets.length = 0;
    proxy.cutPatch(2);
    const failure = await uploadResumable(client, file, 'post', {
      chunkSize: CHUNK,
      retryDelays: [],
    }).catch((error: unknown) => error);
    expect(isApiError(failure) && failure.message).toMatch(/interrupted/);

    const shares: number[] = [];
    const media = await uploadResumable(client, file, 'post', {
      chunkSize: CHUNK,
      onProgress: (share) => shares.push(share),
    });
    expectVideo(media);
    expect(shares[0]).toBeGreaterThan(CHUNK / clip.length);
    expect(proxy.patchOffsets[2]).toBeGreaterThan(CHUNK);
    expect(await filesIn(server, 'media-uploads')).toEqual([]);
  });

  it('cancelling stops the upload and removes its bytes from the server', async () => {
    const client = await signedInClient();
    const controller = new AbortController();
    const result = uploadResumable(client, asFile(), 'post', {
      chunkSize: CHUNK,
      signal: controller.signal,
      onProgress: (share) => {
        if (share > 0.3) controller.abort();
      },
    });
    await expect(result).rejects.toMatchObject({ name: 'AbortError' });
    await expect.poll(() => filesIn(server, 'media-uploads'), { timeout: 5000 }).toEqual([]);
  });
});
