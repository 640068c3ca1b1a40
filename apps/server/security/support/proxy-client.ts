// A client of the deployment behind the proxy, as a browser is: it keeps the proxy's sticky
// cookie and sends it back, so that its requests reach the instance the proxy picked.
import { request as httpRequest } from 'node:http';
import { STICKY_COOKIE, stickyCookieFor } from './caddy.js';

export type Reply<T> = { status: number; body: T; headers: Headers };

export class ProxyClient {
  cookie: string | undefined;

  constructor(
    readonly base: string,
    /** `host:port` of the instance to stick to from the start; else the proxy picks. */
    pinnedTo?: string,
  ) {
    if (pinnedTo) this.cookie = stickyCookieFor(pinnedTo);
  }

  headers(token?: string): Record<string, string> {
    return {
      ...(this.cookie ? { cookie: this.cookie } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    };
  }

  async call<T>(
    method: string,
    path: string,
    options: {
      token?: string;
      body?: unknown;
      form?: FormData;
      headers?: Record<string, string>;
    } = {},
  ): Promise<Reply<T>> {
    const json = options.body !== undefined;
    const res = await fetch(this.base + path, {
      method,
      headers: {
        ...this.headers(options.token),
        ...(json ? { 'content-type': 'application/json' } : {}),
        ...options.headers,
      },
      ...(json ? { body: JSON.stringify(options.body) } : {}),
      ...(options.form ? { body: options.form } : {}),
    });
    this.keepCookie(res.headers);
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : {};
    } catch {
      // not JSON (a tus answer): the text
    }
    return { status: res.status, body: body as T, headers: res.headers };
  }

  /** The proxy (re)names this client's instance: keep it, as a browser does. */
  keepCookie(headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      const pair = line.split(';')[0]!;
      if (pair.startsWith(`${STICKY_COOKIE}=`)) this.cookie = pair;
    }
  }

  /**
   * A PATCH whose connection drops after `sent` of its bytes: a phone losing its network in the
   * middle of an upload.
   */
  droppedPatch(
    path: string,
    token: string,
    offset: number,
    bytes: Buffer,
    sent: number,
  ): Promise<void> {
    const url = new URL(this.base + path);
    return new Promise<void>((resolve) => {
      const req = httpRequest({
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'PATCH',
        headers: {
          ...this.headers(token),
          'tus-resumable': '1.0.0',
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
          'content-length': String(bytes.length),
        },
      });
      req.on('error', () => resolve());
      req.on('response', () => resolve());
      req.write(bytes.subarray(0, sent), () => {
        // Time for the bytes to pass the proxy and land, then the plug is pulled.
        setTimeout(() => {
          req.destroy();
          resolve();
        }, 500);
      });
    });
  }
}
