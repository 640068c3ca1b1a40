// The browser-side defences, as a client receives them: the app's pages and assets and the API's
// answers all carry them. And the admin door: a founder without the operator's grant is refused.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, closeAgents, loopback, type Reply } from './support/http.js';
import { registerFounder, suite, type Person } from './support/suite.js';

const { main, webDist } = suite();
const from = loopback(16, 0);
let founder: Person;

beforeAll(async () => {
  founder = await registerFounder(main.url);
});
afterAll(closeAgents);

function header(res: Reply, name: string): string {
  const value = res.headers[name];
  return Array.isArray(value) ? value.join(', ') : (value ?? '');
}

/** `default-src 'self'; script-src 'self' 'sha256-…'` → { 'default-src': ["'self'"], … } */
function csp(res: Reply): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of header(res, 'content-security-policy').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), values);
  }
  return directives;
}

const ONE_YEAR_S = 365 * 24 * 60 * 60;

/** What every answer carries, page, asset or API. */
function expectCommonHeaders(res: Reply, what: string) {
  expect(header(res, 'x-content-type-options'), what).toBe('nosniff');
  expect(csp(res).get('frame-ancestors'), `${what}: frame-ancestors`).toEqual(["'none'"]);
  const hsts = /max-age=(\d+)/.exec(header(res, 'strict-transport-security'));
  expect(
    Number(hsts?.[1] ?? 0),
    `${what}: HSTS max-age (PUBLIC_URL is https)`,
  ).toBeGreaterThanOrEqual(ONE_YEAR_S);
  const permissions = header(res, 'permissions-policy');
  expect(permissions, `${what}: Permissions-Policy`).toMatch(/microphone=\(self\)/);
  expect(permissions, `${what}: Permissions-Policy`).toMatch(/camera=\(self\)/);
}

describe('headers', () => {
  it('every API answer: nosniff, frame-ancestors none, HSTS, Permissions-Policy, no-store', async () => {
    const answers = [
      await call(main.url, 'GET', '/api/health', { from }),
      await call(main.url, 'GET', '/api/users/me', { from, token: founder.accessToken }),
      await call(main.url, 'GET', '/api/users/me', { from }),
      await call(main.url, 'GET', '/api/no-such-thing', { from }),
      await call(main.url, 'POST', '/api/auth/login', { from, raw: '{not json' }),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 401, 404, 400]);
    for (const res of answers) {
      expectCommonHeaders(res, `API ${res.status}`);
      expect(header(res, 'cache-control'), `API ${res.status}: cache-control`).toMatch(/no-store/);
    }
    const hsts = header(answers[0]!, 'strict-transport-security');
    console.log(
      `headers, API: ${answers.length} answers (200, 401, 404, 400) with nosniff, ` +
        `frame-ancestors 'none', "${hsts}", Permissions-Policy, no-store`,
    );
  });

  it('the app: a CSP without unsafe-inline scripts that hashes each inline script', async () => {
    const page = await call<string>(main.url, 'GET', '/', { from });
    const deepLink = await call<string>(main.url, 'GET', '/quests/some-quest', { from });
    expect([page.status, deepLink.status]).toEqual([200, 200]);
    expect(header(page, 'content-type')).toMatch(/text\/html/);
    const assets = [...page.text.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
    const assetAnswers = await Promise.all(assets.map((a) => call(main.url, 'GET', a, { from })));

    for (const res of [page, deepLink, ...assetAnswers]) {
      expect(res.status).toBe(200);
      expectCommonHeaders(res, 'app');
    }
    for (const res of [page, deepLink]) {
      const policy = csp(res);
      const scripts = policy.get('script-src') ?? policy.get('default-src') ?? [];
      expect(scripts, 'script-src').not.toContain("'unsafe-inline'");
      expect(scripts, 'script-src').not.toContain("'unsafe-eval'");
      expect(scripts, 'script-src').not.toContain('*');
      // Each inline script runs only because its hash is in the policy.
      const inline = [...res.text.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)];
      for (const [, body] of inline) {
        const hash = `'sha256-${createHash('sha256').update(body!).digest('base64')}'`;
        expect(scripts, 'the inline script is hashed').toContain(hash);
      }
      if (res === page)
        console.log(
          `headers, app (${webDist.real ? 'apps/web/dist' : 'a fixture page: no web build'}): ` +
            `/, a deep link and ${assets.length} assets with the same headers; ` +
            `script-src ${scripts.join(' ')}; ${inline.length} inline script(s) hashed`,
        );
    }
  });

  it('no source maps are served', async () => {
    const page = await call<string>(main.url, 'GET', '/', { from });
    const scripts = [...page.text.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map(
      (m) => m[1]!,
    );
    let mentions = 0;
    for (const script of scripts) {
      const js = await call<string>(main.url, 'GET', script, { from });
      if (/sourceMappingURL=/.test(js.text)) mentions += 1;
      const map = await call(main.url, 'GET', `${script}.map`, { from });
      expect(map.status, `${script}.map`).toBe(404);
    }
    expect(mentions, 'scripts that point at a source map').toBe(0);
    console.log(`headers, source maps: ${scripts.length} scripts, 0 maps served, 0 mentioned`);
  });

  it('an admin call by a founder without the operator grant → 403', async () => {
    const other = await registerFounder(main.url);
    const res = await call<{ message: string; statusCode: number }>(
      main.url,
      'POST',
      `/api/admin/users/${other.id}/tier`,
      { from, token: founder.accessToken, body: { tier: 'champion' } },
    );
    expect(res.status, res.text).toBe(403);
    expect(res.body.statusCode).toBe(403);
    const me = await call<{ supporterTier: string }>(main.url, 'GET', `/api/users/me`, {
      from,
      token: other.accessToken,
    });
    expect(me.body.supporterTier).toBe('free');
    console.log(
      `headers, admin: a founder without the grant → ${res.status} "${res.body.message}"`,
    );
  });
});
