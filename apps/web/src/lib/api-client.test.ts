import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { endpoint } from '@doers/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createApiClient,
  FALLBACK_ERROR_MESSAGE,
  SESSION_EXPIRED_MESSAGE,
  TIMEOUT_MESSAGE,
  type ApiClient,
} from './api-client';
import { ApiError } from './api-error';
import { createMemoryStorage } from './storage';
import { createTokenStore, type TokenStore } from './token-storage';

// A real HTTP server on a free port: the client's headers, timeouts and bodies go over the wire.
let server: Server;
let baseUrl: string;
const hits = { refresh: 0, protected: 0 };
let refreshDelayMs = 0;

function json(res: ServerResponse, status: number, body?: unknown, statusText?: string) {
  res.writeHead(
    status,
    statusText ?? '',
    body === undefined ? {} : { 'Content-Type': 'application/json' },
  );
  res.end(body === undefined ? undefined : JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  return text;
}

async function handle(req: IncomingMessage, res: ServerResponse) {
  const auth = req.headers.authorization;
  switch (req.url) {
    case '/api/protected':
      hits.protected += 1;
      return auth === 'Bearer fresh-access'
        ? json(res, 200, { ok: true })
        : json(res, 401, { message: 'Unauthorized', statusCode: 401 });
    case '/api/always-401':
      return json(res, 401, { message: 'Nope', statusCode: 401 });
    case '/api/auth/refresh': {
      hits.refresh += 1;
      const { refreshToken } = JSON.parse(await readBody(req)) as { refreshToken: string };
      await new Promise((resolve) => setTimeout(resolve, refreshDelayMs));
      return refreshToken === 'good-refresh'
        ? json(res, 200, { accessToken: 'fresh-access', refreshToken: 'fresh-refresh' })
        : json(res, 401, { message: 'Invalid refresh token', statusCode: 401 });
    }
    case '/api/slow':
      return void setTimeout(() => json(res, 200, { late: true }), 1000);
    case '/api/error-message':
      return json(res, 409, {
        message: 'This username is already taken',
        statusCode: 409,
        errors: [{ field: 'username', message: 'taken' }],
      });
    case '/api/error-field':
      return json(res, 400, { error: 'Bad input' });
    case '/api/error-status-text':
      return json(res, 503, undefined, 'Service Unavailable');
    case '/api/error-nothing':
      return json(res, 500, undefined, '');
    case '/api/no-content':
      return json(res, 204);
    case '/api/things/a%20b/parts?size=2&q=x%26y':
      return json(res, 200, { id: 'a b', parts: 2 });
    case '/api/things/bad/parts':
      return json(res, 200, { id: 'bad', parts: 'two' });
    case '/api/echo':
      return json(res, 200, {
        timezone: req.headers['x-timezone'] ?? null,
        authorization: auth ?? null,
        contentType: req.headers['content-type'] ?? null,
        body: await readBody(req),
      });
    default:
      return json(res, 404, { message: 'Not found', statusCode: 404 });
  }
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
let local: Storage;
let expired: string[];
let client: ApiClient;

function makeClient(timeoutMs = 30_000): ApiClient {
  return createApiClient({
    baseUrl,
    tokens,
    timeoutMs,
    getTimeZone: () => 'Europe/Amsterdam',
    onSessionExpired: (message) => expired.push(message),
  });
}

beforeEach(() => {
  local = createMemoryStorage();
  tokens = createTokenStore(local, createMemoryStorage());
  expired = [];
  hits.refresh = 0;
  hits.protected = 0;
  refreshDelayMs = 0;
  client = makeClient();
});

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await promise.then(
    () => new Error('expected the call to fail'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('401 handling', () => {
  it('refreshes once and retries once with the new token', async () => {
    tokens.setTokens({ accessToken: 'stale', refreshToken: 'good-refresh' }, true);
    await expect(client.request('GET', '/protected')).resolves.toEqual({ ok: true });
    expect(hits).toEqual({ refresh: 1, protected: 2 });
    expect(tokens.getAccessToken()).toBe('fresh-access');
    expect(local.getItem('refreshToken')).toBe('fresh-refresh');
  });

  it('shares one refresh between concurrent 401s', async () => {
    refreshDelayMs = 50;
    tokens.setTokens({ accessToken: 'stale', refreshToken: 'good-refresh' }, true);
    const results = await Promise.all([
      client.request('GET', '/protected'),
      client.request('GET', '/protected'),
    ]);
    expect(results).toEqual([{ ok: true }, { ok: true }]);
    expect(hits).toEqual({ refresh: 1, protected: 4 });
  });

  it('does not refresh again when the retry is also refused', async () => {
    tokens.setTokens({ accessToken: 'stale', refreshToken: 'good-refresh' }, true);
    const error = await rejection(client.request('GET', '/always-401'));
    expect(error.statusCode).toBe(401);
    expect(hits.refresh).toBe(1);
  });

  it('clears the tokens and reports an expired session when refresh fails', async () => {
    tokens.setTokens({ accessToken: 'stale', refreshToken: 'revoked' }, false);
    const error = await rejection(client.request('GET', '/protected'));
    expect(error.message).toBe(SESSION_EXPIRED_MESSAGE);
    expect(error.statusCode).toBe(401);
    expect(expired).toEqual([SESSION_EXPIRED_MESSAGE]);
    expect(tokens.hasTokens()).toBe(false);
  });

  it('leaves auth calls alone: their 401 is the answer', async () => {
    tokens.setTokens({ accessToken: 'stale', refreshToken: 'good-refresh' }, true);
    const error = await rejection(client.request('GET', '/always-401', { skipAuthRefresh: true }));
    expect(error.message).toBe('Nope');
    expect(hits.refresh).toBe(0);
  });
});

describe('failures without an HTTP answer', () => {
  it('times out with the exact message and status 0', async () => {
    const error = await rejection(makeClient(50).request('GET', '/slow'));
    expect(error.message).toBe(TIMEOUT_MESSAGE);
    expect(error.statusCode).toBe(0);
  });

  it('reports a refused connection as status 0 with the error message', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const offline = createApiClient({ baseUrl: `http://127.0.0.1:${port}/api`, tokens });
    const error = await rejection(offline.request('GET', '/anything'));
    expect(error.statusCode).toBe(0);
    expect(error.message).toBeTruthy();
  });
});

describe('error messages', () => {
  it('uses the body message and carries status and field errors', async () => {
    const error = await rejection(client.request('GET', '/error-message'));
    expect(error.message).toBe('This username is already taken');
    expect(error.statusCode).toBe(409);
    expect(error.errors).toEqual([{ field: 'username', message: 'taken' }]);
  });

  it('falls back to the error field', async () => {
    expect((await rejection(client.request('GET', '/error-field'))).message).toBe('Bad input');
  });

  it('falls back to the status text', async () => {
    const error = await rejection(client.request('GET', '/error-status-text'));
    expect(error.message).toBe('Service Unavailable');
    expect(error.statusCode).toBe(503);
  });

  it('falls back to the generic message', async () => {
    expect((await rejection(client.request('GET', '/error-nothing'))).message).toBe(
      FALLBACK_ERROR_MESSAGE,
    );
  });
});

describe('requests and responses', () => {
  it('turns 204 into an empty object', async () => {
    await expect(client.request('DELETE', '/no-content')).resolves.toEqual({});
  });

  it('sends X-Timezone, the bearer token and a JSON body', async () => {
    tokens.setTokens({ accessToken: 'abc', refreshToken: 'r' }, true);
    const echo = await client.request<Record<string, string>>('POST', '/echo', {
      body: { hello: 'doers' },
    });
    expect(echo).toEqual({
      timezone: 'Europe/Amsterdam',
      authorization: 'Bearer abc',
      contentType: 'application/json',
      body: '{"hello":"doers"}',
    });
  });

  it('sends no Authorization header when signed out and no JSON type without a body', async () => {
    const echo = await client.request<Record<string, string | null>>('GET', '/echo');
    expect(echo.authorization).toBeNull();
    expect(echo.contentType).toBeNull();
    expect(echo.timezone).toBe('Europe/Amsterdam');
  });

  it('lets the browser set the multipart type for FormData', async () => {
    const form = new FormData();
    form.set('field', 'value');
    const echo = await client.request<Record<string, string>>('POST', '/echo', { body: form });
    expect(echo.contentType).toMatch(/^multipart\/form-data; boundary=/);
  });
});

describe('calls through contract declarations', () => {
  const parts = endpoint({
    method: 'GET',
    path: '/things/:id/parts',
    access: 'signed-in',
    params: z.object({ id: z.string() }),
    query: z.object({ size: z.number().optional(), q: z.string().optional() }),
    response: z.object({ id: z.string(), parts: z.number() }),
  });
  const signIn = endpoint({
    method: 'GET',
    path: '/always-401',
    access: 'public',
    response: z.object({}),
  });

  it('build the path and query from the declaration and parse the answer', async () => {
    await expect(
      client.call(parts, { params: { id: 'a b' }, query: { size: 2, q: 'x&y' } }),
    ).resolves.toEqual({ id: 'a b', parts: 2 });
  });

  it('reject an answer that does not fit the response schema', async () => {
    const error = await rejection(client.call(parts, { params: { id: 'bad' } }));
    expect(error.message).toBe(FALLBACK_ERROR_MESSAGE);
  });

  it("take a public endpoint's 401 as its answer, without refreshing", async () => {
    tokens.setTokens({ accessToken: 'stale', refreshToken: 'good-refresh' }, true);
    const error = await rejection(client.call(signIn));
    expect([error.statusCode, error.message, hits.refresh]).toEqual([401, 'Nope', 0]);
  });
});

describe('token storage', () => {
  it('keeps tokens in localStorage with remember me, sessionStorage without', () => {
    const session = createMemoryStorage();
    const store = createTokenStore(local, session);
    store.setTokens({ accessToken: 'a', refreshToken: 'r' }, false);
    expect(session.getItem('accessToken')).toBe('a');
    expect(local.getItem('accessToken')).toBeNull();
    store.setTokens({ accessToken: 'a2', refreshToken: 'r2' }); // rotation stays in session
    expect(session.getItem('refreshToken')).toBe('r2');
    store.setTokens({ accessToken: 'b', refreshToken: 's' }, true);
    expect(local.getItem('refreshToken')).toBe('s');
    expect(session.getItem('refreshToken')).toBeNull();
    store.clear();
    expect(store.hasTokens()).toBe(false);
  });
});

describe('refresh across tabs', () => {
  it('skips its own refresh when another tab rotated the tokens while it waited for the lock', async () => {
    tokens.setTokens({ accessToken: 'stale', refreshToken: 'good-refresh' }, true);
    const names: string[] = [];
    const tabs = createApiClient({
      baseUrl,
      tokens,
      onSessionExpired: (message) => expired.push(message),
      locks: {
        request(name, callback) {
          names.push(name);
          // The other tab held the lock and rotated the shared tokens meanwhile.
          tokens.setTokens({ accessToken: 'fresh-access', refreshToken: 'fresh-refresh' });
          return callback();
        },
      },
    });
    await expect(tabs.request('GET', '/protected')).resolves.toEqual({ ok: true });
    expect(names).toEqual(['doers-refresh']);
    expect(hits.refresh).toBe(0);
    expect(expired).toEqual([]);
  });

  it('refreshes under the lock when nobody rotated the tokens', async () => {
    tokens.setTokens({ accessToken: 'stale', refreshToken: 'good-refresh' }, true);
    const tabs = createApiClient({
      baseUrl,
      tokens,
      locks: { request: (_name, callback) => callback() },
    });
    await expect(tabs.request('GET', '/protected')).resolves.toEqual({ ok: true });
    expect(hits.refresh).toBe(1);
    expect(tokens.getRefreshToken()).toBe('fresh-refresh');
  });
});
