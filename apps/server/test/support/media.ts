import type { Media, MediaPurpose } from '@doers/contract';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { TestServer } from './test-server.js';

export type UploadResponse = {
  status: number;
  body: Media & { message?: string };
  headers: Headers;
};

/** A multipart upload as a browser's FormData sends it. */
export async function upload(
  server: Pick<TestServer, 'url'>,
  token: string,
  purpose: MediaPurpose | string,
  bytes: Buffer | Uint8Array,
  options: { field?: string; filename?: string; type?: string; extraFile?: boolean } = {},
): Promise<UploadResponse> {
  const form = new FormData();
  const blob = new Blob([bytes], { type: options.type ?? 'application/octet-stream' });
  form.append(options.field ?? 'file', blob, options.filename ?? 'upload.bin');
  if (options.extraFile) form.append('file', blob, 'second.bin');
  const res = await fetch(`${server.url}/api/media?purpose=${encodeURIComponent(purpose)}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : {}, headers: res.headers };
}

/** GET of a served file, as bytes. */
export async function fetchFile(
  server: Pick<TestServer, 'url'>,
  url: string,
  options: { token?: string; headers?: Record<string, string>; method?: string } = {},
): Promise<{ status: number; bytes: Buffer; headers: Headers }> {
  const res = await fetch(server.url + url, {
    method: options.method ?? 'GET',
    headers: {
      ...options.headers,
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
  });
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()), headers: res.headers };
}

/** Every file under a folder of DATA_DIR (nested), or [] when it does not exist. */
export async function filesIn(server: TestServer, folder: string): Promise<string[]> {
  const entries = await readdir(join(server.dataDir, folder), {
    recursive: true,
    withFileTypes: true,
  }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

/** Rows, stored objects and temp files: what a refused upload must leave no trace in. */
export async function traces(server: TestServer) {
  const [rows] = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM media');
  return {
    rows: rows!.n,
    stored: (await filesIn(server, 'media')).length,
    temp: (await filesIn(server, 'media-tmp')).length,
    resumable: (await filesIn(server, 'media-uploads')).length,
  };
}
