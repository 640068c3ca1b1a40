import { request as httpRequest } from 'node:http';
import type { TestResponse } from './test-server.js';

/**
 * A request whose socket leaves from `localAddress`: the test server listens on 127.0.0.1, and
 * every 127.x.y.z address is this machine, so other loopback addresses stand in for other
 * machines on the internet.
 */
export function requestFrom<T = unknown>(
  base: string,
  localAddress: string,
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<TestResponse<T>> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      new URL(path, base),
      {
        method,
        localAddress,
        headers: {
          ...options.headers,
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const headers = new Headers();
          for (const [name, value] of Object.entries(res.headers)) {
            if (value !== undefined)
              headers.set(name, Array.isArray(value) ? value.join(', ') : value);
          }
          let body: unknown = text;
          try {
            body = text ? JSON.parse(text) : {};
          } catch {
            // Not JSON: keep the text.
          }
          resolve({ status: res.statusCode ?? 0, body: body as T, headers });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
