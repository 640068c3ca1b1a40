import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ApiErrorBody,
  AuthResponse,
  Device,
  EndSessionsResponse,
  RefreshResponse,
  SessionsResponse,
} from '@doers/contract';
import { SessionUserCache } from './session-user-cache.js';
import { SessionsRepository } from './sessions.repository.js';
import { device, registerFounder } from '../../../../test/support/people.js';
import { startTestServer, type TestServer } from '../../../../test/support/test-server.js';

describe('sessions: one per sign-in, ended at once', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_FACTOR: '20' });
  });
  afterAll(() => server.close());

  const refresh = (refreshToken: string) =>
    server.request<RefreshResponse>('POST', '/api/auth/refresh', { body: { refreshToken } });
  const me = (auth: AuthResponse, accessToken = auth.tokens.accessToken) =>
    server
      .request('GET', `/api/users/${auth.user.id}`, { token: accessToken })
      .then((r) => r.status);
  const sessionsOf = (accessToken: string) =>
    server.request<SessionsResponse>('GET', '/api/auth/sessions', { token: accessToken });

  /** The same person signed in on a second device. */
  async function signInAgain(
    person: { email: string; password: string },
    on: Device = device(),
    rememberMe = true,
  ) {
    const res = await server.request<AuthResponse>('POST', '/api/auth/login', {
      body: { email: person.email, password: person.password, device: on, rememberMe },
    });
    expect(res.status).toBe(200);
    return res.body;
  }

  async function refreshTokenRows(sessionId: string): Promise<number> {
    const rows = await server.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM refresh_tokens WHERE session_id = $1',
      [sessionId],
    );
    return rows[0]!.n;
  }

  it('gives a token presented again within the grace the same successor: one chain', async () => {
    const { auth } = await registerFounder(server);
    const first = auth.tokens.refreshToken;
    // Two tabs at once, then a third a few seconds later.
    const [a, b] = await Promise.all([refresh(first), refresh(first)]);
    server.clock.advance({ seconds: 9 });
    const c = await refresh(first);
    for (const res of [a, b, c]) expect(res.status).toBe(200);
    expect(b.body.refreshToken).toBe(a.body.refreshToken);
    expect(c.body.refreshToken).toBe(a.body.refreshToken);
    expect(a.body.refreshToken).not.toBe(first);

    const [session] = (await sessionsOf(c.body.accessToken)).body.sessions;
    // The first token and its one successor: no second chain was started.
    expect(await refreshTokenRows(session!.id)).toBe(2);
    // The chain goes on from the one successor.
    const next = await refresh(a.body.refreshToken);
    expect(next.status).toBe(200);
    expect(await me(auth, next.body.accessToken)).toBe(200);
    expect(await refreshTokenRows(session!.id)).toBe(3);
  });

  it('ends the whole session when a used token comes back after the grace', async () => {
    const { auth } = await registerFounder(server);
    const stolen = auth.tokens.refreshToken;
    const rotated = await refresh(stolen);
    expect(rotated.status).toBe(200);
    expect(await me(auth, rotated.body.accessToken)).toBe(200);

    server.clock.advance({ seconds: 10 });
    const reuse = await refresh(stolen);
    expect(reuse.status).toBe(401);
    expect((reuse.body as unknown as ApiErrorBody).message).toBe(
      'Session expired. Please log in again.',
    );
    // The successor the real device holds stops working, and so does its access token.
    expect((await refresh(rotated.body.refreshToken)).status).toBe(401);
    expect(await me(auth, rotated.body.accessToken)).toBe(401);
  });

  it('ends a sign-in 90 days after it however often it was refreshed', async () => {
    const { auth } = await registerFounder(server);
    let tokens = auth.tokens;
    // Refreshed every 20 days ("remember me" would slide 30 days on each).
    for (let day = 20; day <= 80; day += 20) {
      server.clock.advance({ days: 20 });
      const res = await refresh(tokens.refreshToken);
      expect(res.status, `day ${day}`).toBe(200);
      tokens = res.body;
    }
    // Day 90, five minutes before the end: a fresh access token, which the end cuts short.
    server.clock.advance({ days: 10, minutes: -5 });
    const last = await refresh(tokens.refreshToken);
    expect(last.status).toBe(200);
    expect(await me(auth, last.body.accessToken)).toBe(200);
    server.clock.advance({ minutes: 5 });
    expect(await me(auth, last.body.accessToken)).toBe(401);
    expect((await refresh(last.body.refreshToken)).status).toBe(401);
    expect((await sessionsOf(last.body.accessToken)).status).toBe(401);
  });

  it('keeps a sign-in without "remember me" one day after its last refresh', async () => {
    const { person } = await registerFounder(server);
    const auth = await signInAgain(person, device(), false);
    server.clock.advance({ hours: 23 });
    const res = await refresh(auth.tokens.refreshToken);
    expect(res.status).toBe(200);
    server.clock.advance({ hours: 24, seconds: 1 });
    expect((await refresh(res.body.refreshToken)).status).toBe(401);
  });

  it('refuses the access token right after logout', async () => {
    const { auth } = await registerFounder(server);
    // Used once first: its session is then known in memory.
    expect(await me(auth)).toBe(200);
    const out = await server.request('POST', '/api/auth/logout', {
      body: { refreshToken: auth.tokens.refreshToken },
    });
    expect(out.status).toBe(204);
    expect(await me(auth)).toBe(401);
    expect((await refresh(auth.tokens.refreshToken)).status).toBe(401);
  });

  // On PGlite's one connection nobody reads while a transaction is open.
  it.skipIf(!process.env['DATABASE_URL'])(
    'a session ended in a transaction is not kept from a read on another connection before its commit',
    async () => {
      const { auth } = await registerFounder(server);
      const rows = await server.db.query<{ id: string }>(
        'SELECT id FROM sessions WHERE user_id = $1',
        [auth.user.id],
      );
      const sessionId = rows[0]!.id;
      const cache = new SessionUserCache(() => server.clock.now().getTime());
      const sessions = new SessionsRepository(server.db, cache);
      expect(await sessions.findSessionUser(auth.user.id, sessionId)).toBeDefined();
      await server.db.transaction(async (tx) => {
        await sessions.end(auth.user.id, sessionId, server.clock.now(), tx);
        // Another connection still sees the session until the commit, and keeps it.
        expect(await sessions.findSessionUser(auth.user.id, sessionId)).toBeDefined();
      });
      expect(await sessions.findSessionUser(auth.user.id, sessionId)).toBeUndefined();
    },
  );

  it('counts a session ended where this instance was not told within ten seconds', async () => {
    const { auth } = await registerFounder(server);
    expect(await me(auth)).toBe(200);
    // As another instance would while Redis was unreachable: no message reaches this one.
    await server.db.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1', [
      auth.user.id,
    ]);
    server.clock.advance({ seconds: 11 });
    expect(await me(auth)).toBe(401);
  });

  it('lists my devices with the one asking marked, the last used first', async () => {
    const { auth: phone, person } = await registerFounder(server);
    server.clock.advance({ minutes: 5 });
    const laptop = await signInAgain(person, {
      id: 'laptop-0001',
      name: 'Work laptop',
      type: 'desktop',
      os: 'macOS',
      browser: 'Firefox',
    });
    const laptopSignedInAt = server.clock.now().toISOString();
    server.clock.advance({ minutes: 5 });

    // Asking uses the phone now, so it comes first.
    const res = await sessionsOf(phone.tokens.accessToken);
    expect(res.status).toBe(200);
    const [first, second] = res.body.sessions;
    expect(res.body.sessions).toHaveLength(2);
    expect(first).toMatchObject({
      deviceName: 'Test phone',
      deviceType: 'mobile',
      os: 'Android',
      browser: 'Chrome',
      lastUsedAt: server.clock.now().toISOString(),
      current: true,
    });
    expect(second).toEqual({
      id: second!.id,
      deviceName: 'Work laptop',
      deviceType: 'desktop',
      os: 'macOS',
      browser: 'Firefox',
      signedInAt: laptopSignedInAt,
      lastUsedAt: laptopSignedInAt,
      current: false,
    });
    // From the laptop, the laptop is "this device".
    const fromLaptop = await sessionsOf(laptop.tokens.accessToken);
    expect(fromLaptop.body.sessions.find((s) => s.current)?.id).toBe(second!.id);
  });

  it('writes when a device was last used behind the request, within a couple of seconds', async () => {
    const { person, auth: phone } = await registerFounder(server);
    const laptop = await signInAgain(person);
    const phoneId = (await sessionsOf(phone.tokens.accessToken)).body.sessions.find(
      (s) => s.current,
    )!.id;
    server.clock.advance({ minutes: 3 });
    const usedAt = server.clock.now();
    expect(await me(phone)).toBe(200);

    const written = async () => {
      const rows = await server.db.query<{ last_used_at: Date; last_active: Date | null }>(
        `SELECT s.last_used_at, u.last_active FROM sessions s JOIN users u ON u.id = s.user_id
          WHERE s.id = $1`,
        [phoneId],
      );
      return rows[0]!;
    };
    const deadline = Date.now() + 3_000;
    while ((await written()).last_used_at < usedAt && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(await written()).toEqual({ last_used_at: usedAt, last_active: usedAt });
    // Seen from the other device, the phone is now the last used.
    const list = await sessionsOf(laptop.tokens.accessToken);
    expect(list.body.sessions[0]).toMatchObject({
      id: phoneId,
      lastUsedAt: usedAt.toISOString(),
    });
  });

  it('ends another device: its access and refresh tokens stop at once', async () => {
    const { person, auth: phone } = await registerFounder(server);
    const laptop = await signInAgain(person);
    expect(await me(laptop)).toBe(200);
    const other = (await sessionsOf(phone.tokens.accessToken)).body.sessions.find(
      (s) => !s.current,
    )!;

    const end = await server.request('DELETE', `/api/auth/sessions/${other.id}`, {
      token: phone.tokens.accessToken,
    });
    expect(end.status).toBe(204);
    expect(await me(laptop)).toBe(401);
    expect((await refresh(laptop.tokens.refreshToken)).status).toBe(401);
    // The device that ended it stays signed in, and the list no longer shows the other.
    expect(await me(phone)).toBe(200);
    const left = (await sessionsOf(phone.tokens.accessToken)).body.sessions;
    expect(left.map((s) => s.current)).toEqual([true]);
    // Ending it twice: it is gone.
    const again = await server.request<ApiErrorBody>('DELETE', `/api/auth/sessions/${other.id}`, {
      token: phone.tokens.accessToken,
    });
    expect(again.status).toBe(404);
  });

  it("cannot end someone else's session", async () => {
    const { auth: owner } = await registerFounder(server);
    const { auth: intruder } = await registerFounder(server);
    const [target] = (await sessionsOf(owner.tokens.accessToken)).body.sessions;
    const res = await server.request<ApiErrorBody>('DELETE', `/api/auth/sessions/${target!.id}`, {
      token: intruder.tokens.accessToken,
    });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Session not found');
    expect(await me(owner)).toBe(200);

    const bad = await server.request<ApiErrorBody>('DELETE', '/api/auth/sessions/not-a-uuid', {
      token: intruder.tokens.accessToken,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ field: 'id', message: 'Not a valid session id' }]);
    expect((await server.request('GET', '/api/auth/sessions')).status).toBe(401);
  });

  it('signs out every other device, this one stays', async () => {
    const { person, auth: phone } = await registerFounder(server);
    const laptop = await signInAgain(person);
    const tablet = await signInAgain(person);
    expect(await me(tablet)).toBe(200);
    const res = await server.request<EndSessionsResponse>('POST', '/api/auth/sessions/end-others', {
      token: phone.tokens.accessToken,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ended: 2 });
    for (const other of [laptop, tablet]) {
      expect(await me(other)).toBe(401);
      expect((await refresh(other.tokens.refreshToken)).status).toBe(401);
    }
    expect(await me(phone)).toBe(200);
    expect((await refresh(phone.tokens.refreshToken)).status).toBe(200);
    expect((await sessionsOf(phone.tokens.accessToken)).body.sessions).toHaveLength(1);
  });
});
