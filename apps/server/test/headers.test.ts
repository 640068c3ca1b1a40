import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@doers/contract';
import { newPerson } from './support/people.js';
import { failRegistrationsOf } from './support/server-error.js';
import { FOUNDER_CODE, startTestServer, type TestServer } from './support/test-server.js';

/** The CSP's directives by name: `{ 'script-src': ["'self'", …], … }`. */
function csp(headers: Headers): Record<string, string[]> {
  const value = headers.get('content-security-policy');
  expect(value, 'Content-Security-Policy').toBeTruthy();
  return Object.fromEntries(
    value!
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, sources]),
  );
}

/** The hashes a browser computes for a page's inline scripts, computed here on their own. */
function inlineScriptHashesOf(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    ([, body]) => `'sha256-${createHash('sha256').update(body!).digest('base64')}'`,
  );
}

function expectSecurityHeaders(headers: Headers): void {
  const policy = csp(headers);
  expect(policy['default-src']).toEqual(["'self'"]);
  expect(policy['script-src']).toContain("'self'");
  expect(policy['script-src']).not.toContain("'unsafe-inline'");
  expect(policy['script-src']).not.toContain("'unsafe-eval'");
  expect(policy['frame-ancestors']).toEqual(["'none'"]);
  expect(policy['object-src']).toEqual(["'none'"]);
  expect(policy['base-uri']).toEqual(["'self'"]);
  expect(policy['form-action']).toEqual(["'self'"]);
  expect(policy['img-src']).toEqual(["'self'", 'data:', 'blob:']);
  expect(policy['media-src']).toEqual(["'self'", 'blob:']);
  expect(policy['connect-src']).toEqual(["'self'"]);
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('x-frame-options')).toBe('DENY');
  expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  const permissions = headers.get('permissions-policy') ?? '';
  expect(permissions).toContain('camera=(self)');
  expect(permissions).toContain('microphone=(self)');
  expect(permissions).toContain('geolocation=()');
  expect(permissions).toContain('payment=()');
}

describe('security headers on the API (no web build, http PUBLIC_URL)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('an API answer: CSP, no framing, nosniff, Permissions-Policy, no-store, no HSTS', async () => {
    const res = await server.request('GET', '/api/health');
    expect(res.status).toBe(200);
    expectSecurityHeaders(res.headers);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('strict-transport-security')).toBeNull();
    expect(csp(res.headers)['upgrade-insecure-requests']).toBeUndefined();
    expect(res.headers.get('x-powered-by')).toBeNull();
  });

  it('a 404, a 400 and a 401 of the API carry them too', async () => {
    const missing = await server.request('GET', '/api/no-such-thing');
    const badJson = await server.request('POST', '/api/auth/login', {
      raw: '{not json',
      headers: { 'content-type': 'application/json' },
    });
    const signedOut = await server.request('GET', '/api/users/me');
    expect([missing.status, badJson.status, signedOut.status]).toEqual([404, 400, 401]);
    for (const res of [missing, badJson, signedOut]) {
      expectSecurityHeaders(res.headers);
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('a 500 carries them, and no-store', async () => {
    await failRegistrationsOf(server, 'headers_fail');
    const res = await server.request<ApiErrorBody>('POST', '/api/auth/register', {
      body: newPerson({
        username: 'headers_fail',
        inviteCode: FOUNDER_CODE,
        password: 'plum-kettle-Orbit-7-lantern',
      }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(500);
    expect(res.body.message).toBe('Something went wrong on our side. Please try again.');
    expectSecurityHeaders(res.headers);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('a 404 outside the API carries them', async () => {
    const res = await server.request('GET', '/no-web-build-here');
    expect(res.status).toBe(404);
    expectSecurityHeaders(res.headers);
  });
});

describe('HSTS', () => {
  it('is sent, with upgrade-insecure-requests, when PUBLIC_URL is https', async () => {
    const server = await startTestServer({ PUBLIC_URL: 'https://doers.example' });
    try {
      const res = await server.request('GET', '/api/health');
      expect(res.headers.get('strict-transport-security')).toBe(
        'max-age=31536000; includeSubDomains',
      );
      expect(csp(res.headers)['upgrade-insecure-requests']).toEqual([]);
    } finally {
      await server.close();
    }
  });
});

describe('the web app: its inline script allowed by hash, no source maps', () => {
  const THEME_SCRIPT = `\n      document.documentElement.dataset.theme = 'dark';\n    `;
  let dist: string;
  let server: TestServer;
  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'doers-dist-'));
    await mkdir(join(dist, 'assets'));
    await writeFile(
      join(dist, 'index.html'),
      `<!doctype html><html><head><script>${THEME_SCRIPT}</script>` +
        `<script type="module" src="/assets/app.js"></script></head><body></body></html>`,
    );
    await writeFile(join(dist, 'assets/app.js'), 'console.log(1);\n');
    await writeFile(join(dist, 'assets/app.js.map'), '{"version":3,"sources":["secret.ts"]}');
    server = await startTestServer({ WEB_DIST: dist });
  });
  afterAll(async () => {
    await server.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('the page and the SPA routes: CSP names the hash of the inline script, no unsafe-inline', async () => {
    for (const path of ['/', '/quests/123']) {
      const res = await server.request<string>('GET', path);
      expect(res.status).toBe(200);
      expectSecurityHeaders(res.headers);
      const hashes = inlineScriptHashesOf(res.body);
      expect(hashes).toHaveLength(1);
      expect(csp(res.headers)['script-src']).toEqual(["'self'", ...hashes]);
    }
  });

  it('a .map file left in dist is not served', async () => {
    expect((await server.request('GET', '/assets/app.js')).status).toBe(200);
    const map = await server.request('GET', '/assets/app.js.map');
    expect(map.status).toBe(404);
    expect(JSON.stringify(map.body)).not.toContain('secret.ts');
  });
});

const REAL_DIST = new URL('../../web/dist/', import.meta.url).pathname;

describe.skipIf(!existsSync(join(REAL_DIST, 'index.html')))('the real apps/web/dist', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ WEB_DIST: REAL_DIST });
  });
  afterAll(() => server.close());

  it("the built page's inline theme script is allowed by its hash, and no .map is served", async () => {
    const page = await server.request<string>('GET', '/');
    expect(page.body).toContain('doers-theme');
    const hashes = inlineScriptHashesOf(page.body);
    expect(hashes.length).toBeGreaterThan(0);
    for (const hash of hashes) expect(csp(page.headers)['script-src']).toContain(hash);

    for (const file of await readdir(join(REAL_DIST, 'assets'))) {
      if (!file.endsWith('.js')) continue;
      expect((await server.request('GET', `/assets/${file}.map`)).status).toBe(404);
    }
  });
});
