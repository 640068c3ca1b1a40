import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, AuthResponse, MessageResponse, RefreshResponse } from '@doers/contract';
import { device, newPerson, registerFounder } from '../../../../test/support/people.js';
import { resetLinkInOutbox } from '../../../../test/support/outbox.js';
import {
  FOUNDER_CODE,
  startTestServer,
  type TestServer,
} from '../../../../test/support/test-server.js';

const TOO_COMMON = 'This password is too common. Choose one that is harder to guess.';

describe('passwords', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_FACTOR: '20', SMTP_URL: '' });
  });
  afterAll(() => server.close());

  const register = (password: string, overrides = {}) =>
    server.request<ApiErrorBody & AuthResponse>('POST', '/api/auth/register', {
      body: newPerson({ inviteCode: FOUNDER_CODE, password, ...overrides }),
    });
  const login = (email: string, password: string) =>
    server.request<AuthResponse>('POST', '/api/auth/login', {
      body: { email, password, device: device() },
    });
  const changePassword = (token: string, currentPassword: string, newPassword: string) =>
    server.request<ApiErrorBody & MessageResponse>('POST', '/api/auth/change-password', {
      token,
      body: { currentPassword, newPassword },
    });
  const me = (auth: AuthResponse) =>
    server
      .request('GET', `/api/users/${auth.user.id}`, { token: auth.tokens.accessToken })
      .then((r) => r.status);
  const refresh = (refreshToken: string) =>
    server.request<RefreshResponse>('POST', '/api/auth/refresh', { body: { refreshToken } });

  it('refuses common and breached passwords on sign-up, naming the field', async () => {
    for (const password of [
      'password',
      '12345678',
      'iloveyou',
      'qwertyuiop',
      'Password123!',
      'P@ssw0rd2024',
      'Summer2024',
      'aaaaaaaaaaaa',
      'abcdefghij',
    ]) {
      const res = await register(password);
      expect(res.status, password).toBe(400);
      expect(res.body.message).toBe(TOO_COMMON);
      expect(res.body.errors).toEqual([{ field: 'password', message: TOO_COMMON }]);
    }
  });

  it("refuses the person's own name or address as a password", async () => {
    const res = await register('river_otter2024', {
      username: 'river_otter',
      email: 'river_otter@example.com',
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'password', message: TOO_COMMON }]);
  });

  it('accepts passwords of 64 and 200 characters, and signs in with them', async () => {
    for (const length of [64, 200]) {
      const password = 'steady progress, one check-in a day! '.repeat(6).slice(0, length);
      const res = await register(password);
      expect(res.status, `${length} characters`).toBe(201);
      expect((await login(res.body.user.email, password)).status).toBe(200);
    }
    const tooLong = await register('x'.repeat(201));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors).toEqual([
      { field: 'password', message: 'Password must be at most 200 characters' },
    ]);
  });

  it('changes the password with the current one; every other device is signed out', async () => {
    const { person, auth: here } = await registerFounder(server);
    const elsewhere = (await login(person.email, person.password)).body;
    expect(await me(elsewhere)).toBe(200);

    const res = await changePassword(
      here.tokens.accessToken,
      person.password,
      'a fresh start 2026',
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Password changed. Your other devices have been signed out.');

    // This device stays signed in: its access token and its refresh chain.
    expect(await me(here)).toBe(200);
    expect((await refresh(here.tokens.refreshToken)).status).toBe(200);
    // The other one is out at once.
    expect(await me(elsewhere)).toBe(401);
    expect((await refresh(elsewhere.tokens.refreshToken)).status).toBe(401);
    // Only the new password signs in.
    expect((await login(person.email, person.password)).status).toBe(401);
    expect((await login(person.email, 'a fresh start 2026')).status).toBe(200);
  });

  it('refuses a wrong current password, a common new one, and changes nothing', async () => {
    const { person, auth } = await registerFounder(server);
    const elsewhere = (await login(person.email, person.password)).body;

    const wrong = await changePassword(auth.tokens.accessToken, 'not my password', 'a fresh start');
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([
      { field: 'currentPassword', message: 'Current password is incorrect' },
    ]);
    const common = await changePassword(auth.tokens.accessToken, person.password, 'letmein123');
    expect(common.status).toBe(400);
    expect(common.body.errors).toEqual([{ field: 'newPassword', message: TOO_COMMON }]);
    const short = await changePassword(auth.tokens.accessToken, person.password, 'short');
    expect(short.status).toBe(400);
    expect(short.body.errors).toEqual([
      { field: 'newPassword', message: 'Password must be at least 8 characters' },
    ]);

    expect(await me(elsewhere)).toBe(200);
    expect((await login(person.email, person.password)).status).toBe(200);
    const signedOut = await server.request('POST', '/api/auth/change-password', {
      body: { currentPassword: person.password, newPassword: 'a fresh start' },
    });
    expect(signedOut.status).toBe(401);
  });

  it('refuses a common password on reset and keeps the link usable', async () => {
    const { person } = await registerFounder(server);
    await server.request('POST', '/api/auth/forgot-password', { body: { email: person.email } });
    const token = await resetTokenFromOutbox(server, person.email);

    const common = await server.request<ApiErrorBody>('POST', '/api/auth/reset-password', {
      body: { token, newPassword: 'monkey123' },
    });
    expect(common.status).toBe(400);
    expect(common.body.errors).toEqual([{ field: 'newPassword', message: TOO_COMMON }]);
    const ok = await server.request('POST', '/api/auth/reset-password', {
      body: { token, newPassword: 'quiet harbour lights' },
    });
    expect(ok.status).toBe(200);
    expect((await login(person.email, 'quiet harbour lights')).status).toBe(200);
  });
});

describe('change password limit', () => {
  it('allows 10 attempts per 15 minutes per account, then 429', async () => {
    const server = await startTestServer();
    try {
      const { person, auth } = await registerFounder(server);
      const attempt = () =>
        server.request<ApiErrorBody>('POST', '/api/auth/change-password', {
          token: auth.tokens.accessToken,
          body: { currentPassword: 'a guess at it', newPassword: 'a fresh start 2026' },
        });
      for (let i = 0; i < 10; i++) expect((await attempt()).status).toBe(400);
      const limited = await attempt();
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      // Even the right password waits: the limit counts attempts, not failures.
      const right = await server.request('POST', '/api/auth/change-password', {
        token: auth.tokens.accessToken,
        body: { currentPassword: person.password, newPassword: 'a fresh start 2026' },
      });
      expect(right.status).toBe(429);
      server.clock.advance({ seconds: Number(right.headers.get('retry-after')) });
      const { body: tokens } = await server.request<RefreshResponse>('POST', '/api/auth/refresh', {
        body: { refreshToken: auth.tokens.refreshToken },
      });
      const later = await server.request('POST', '/api/auth/change-password', {
        token: tokens.accessToken,
        body: { currentPassword: person.password, newPassword: 'a fresh start 2026' },
      });
      expect(later.status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

/** The reset token mailed to `email`, read from DATA_DIR/outbox (no SMTP in this server). */
async function resetTokenFromOutbox(server: TestServer, email: string): Promise<string> {
  const link = await resetLinkInOutbox(join(server.dataDir, 'outbox'), email);
  return new URL(link).searchParams.get('token')!;
}
