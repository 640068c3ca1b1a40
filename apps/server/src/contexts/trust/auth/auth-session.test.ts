import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, AuthResponse, RefreshResponse } from '@doers/contract';
import { device, registerFounder } from '../../../../test/support/people.js';
import { startTestServer, type TestServer } from '../../../../test/support/test-server.js';

describe('sign-in and sessions', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_FACTOR: '5' });
  });
  afterAll(() => server.close());

  it('signs in by email or by username, in any case', async () => {
    const { person } = await registerFounder(server);
    for (const login of [person.email, person.username.toUpperCase()]) {
      const res = await server.request<AuthResponse>('POST', '/api/auth/login', {
        body: { email: login, password: person.password, device: device() },
      });
      expect(res.status, login).toBe(200);
      expect(res.body.user.username).toBe(person.username);
      expect(res.body.requiresQuest).toBe(true);
    }
  });

  it('refuses a wrong password or unknown account with one message', async () => {
    const { person } = await registerFounder(server);
    const wrong = await server.request<ApiErrorBody>('POST', '/api/auth/login', {
      body: { email: person.email, password: 'not the password', device: device() },
    });
    const unknown = await server.request<ApiErrorBody>('POST', '/api/auth/login', {
      body: { email: 'nobody@example.com', password: 'whatever123', device: device() },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.body.message).toBe('Invalid email/username or password');
  });

  it('rotates refresh tokens and revokes the chain when an old one is reused', async () => {
    const { auth } = await registerFounder(server);
    const first = auth.tokens.refreshToken;
    const rotated = await server.request<RefreshResponse>('POST', '/api/auth/refresh', {
      body: { refreshToken: first },
    });
    expect(rotated.status).toBe(200);
    expect(rotated.body.refreshToken).not.toBe(first);
    const me = await server.request('GET', `/api/users/${auth.user.id}`, {
      token: rotated.body.accessToken,
    });
    expect(me.status).toBe(200);

    // Past the grace period for another tab, presenting the old token again is theft.
    server.clock.advance({ seconds: 11 });
    const reuse = await server.request<ApiErrorBody>('POST', '/api/auth/refresh', {
      body: { refreshToken: first },
    });
    expect(reuse.status).toBe(401);
    // The thief's reuse also kills the token the real device holds.
    const after = await server.request('POST', '/api/auth/refresh', {
      body: { refreshToken: rotated.body.refreshToken },
    });
    expect(after.status).toBe(401);
  });

  it('ends an access token after 15 minutes of the server’s clock; refreshing goes on', async () => {
    const { auth } = await registerFounder(server);
    const me = (token: string) =>
      server.request('GET', `/api/users/${auth.user.id}`, { token }).then((r) => r.status);
    server.clock.advance({ minutes: 14, seconds: 59 });
    expect(await me(auth.tokens.accessToken)).toBe(200);
    server.clock.advance({ seconds: 2 });
    expect(await me(auth.tokens.accessToken)).toBe(401);
    const refreshed = await server.request<RefreshResponse>('POST', '/api/auth/refresh', {
      body: { refreshToken: auth.tokens.refreshToken },
    });
    expect(await me(refreshed.body.accessToken)).toBe(200);
  });

  it('lets two tabs present the same token within seconds without signing out', async () => {
    const { auth } = await registerFounder(server);
    const token = auth.tokens.refreshToken;
    const [a, b] = await Promise.all([
      server.request<RefreshResponse>('POST', '/api/auth/refresh', {
        body: { refreshToken: token },
      }),
      server.request<RefreshResponse>('POST', '/api/auth/refresh', {
        body: { refreshToken: token },
      }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    for (const next of [a.body.refreshToken, b.body.refreshToken]) {
      expect(
        (await server.request('POST', '/api/auth/refresh', { body: { refreshToken: next } }))
          .status,
      ).toBe(200);
    }
  });

  it('logout revokes only that device', async () => {
    const { person, auth } = await registerFounder(server);
    const other = await server.request<AuthResponse>('POST', '/api/auth/login', {
      body: { email: person.email, password: person.password, device: device() },
    });
    const out = await server.request('POST', '/api/auth/logout', {
      body: { refreshToken: auth.tokens.refreshToken },
    });
    expect(out.status).toBe(204);
    expect(
      (
        await server.request('POST', '/api/auth/refresh', {
          body: { refreshToken: auth.tokens.refreshToken },
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await server.request('POST', '/api/auth/refresh', {
          body: { refreshToken: other.body.tokens.refreshToken },
        })
      ).status,
    ).toBe(200);
  });

  it('needs a valid bearer token on private calls', async () => {
    const { auth } = await registerFounder(server);
    expect((await server.request('GET', `/api/users/${auth.user.id}`)).status).toBe(401);
    const forged = auth.tokens.accessToken.slice(0, -4) + 'AAAA';
    const res = await server.request<ApiErrorBody>('GET', `/api/users/${auth.user.id}`, {
      token: forged,
    });
    expect(res.status).toBe(401);
    expect(res.body.statusCode).toBe(401);
  });
});
