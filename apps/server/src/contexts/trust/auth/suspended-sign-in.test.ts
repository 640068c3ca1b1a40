import type {
  ApiErrorBody,
  AuditEntry,
  AuthResponse,
  DataExport,
  RefreshResponse,
  SessionsResponse,
  User,
} from '@doers/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dmsKit } from '../../../../test/support/dms.js';
import { device } from '../../../../test/support/people.js';
import { grantModeration } from '../../../../test/support/grants.js';
import { startTestServer, type TestServer } from '../../../../test/support/test-server.js';

const PASSWORD = 'correct horse battery';

describe('a suspended person signs in only to see why and to export their data', () => {
  let server: TestServer;
  let kit: ReturnType<typeof dmsKit>;
  let moderator: AuthResponse;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_FACTOR: '20', LOG_LEVEL: 'error' });
    kit = dmsKit(server);
    moderator = await kit.person();
    await grantModeration(server, moderator.user.username);
  });
  afterAll(() => server.close());

  const suspend = async (person: AuthResponse, reason: string, days?: number) => {
    server.clock.advance({ seconds: 1 });
    const res = await kit.call<AuditEntry>('POST', '/moderation/actions', moderator, {
      targetType: 'user',
      targetId: person.user.id,
      action: 'suspend',
      reason,
      ...(days ? { days } : {}),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };
  const signIn = (person: AuthResponse, password = PASSWORD) =>
    server.request<AuthResponse & ApiErrorBody>('POST', '/api/auth/login', {
      body: { email: person.user.email, password, rememberMe: true, device: device() },
    });
  const refresh = (refreshToken: string) =>
    server.request<RefreshResponse & ApiErrorBody>('POST', '/api/auth/refresh', {
      body: { refreshToken },
    });
  /** Calls that are not about one's own account, data or sessions. */
  const elsewhere = async (auth: AuthResponse, other: AuthResponse) => [
    await kit.call<ApiErrorBody>('GET', '/feed', auth),
    await kit.call<ApiErrorBody>('GET', '/quests', auth),
    await kit.call<ApiErrorBody>('GET', `/users/${other.user.id}`, auth),
    await kit.call<ApiErrorBody>('POST', '/vibes', auth, {
      targetUserId: other.user.id,
      vibeReason: 'inspired',
    }),
    await kit.call<ApiErrorBody>('PATCH', '/users/me/profile', auth, { bio: 'Back soon' }),
    await kit.call<ApiErrorBody>('GET', '/notifications', auth),
    await kit.call<ApiErrorBody>('POST', '/auth/change-password', auth, {
      currentPassword: PASSWORD,
      newPassword: 'another horse battery',
    }),
  ];

  it('opens a restricted session that says why and until when; only the account, export and sessions answer', async () => {
    const [troll, other] = [await kit.person(), await kit.person()];
    const entry = await suspend(troll, 'Repeated insults', 7);
    const until = entry.suspendedUntil!;
    const message = `This account is suspended until ${new Date(until).getUTCDate()} March 2026. Reason: Repeated insults`;

    const wrong = await signIn(troll, 'not the password');
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe('Invalid email/username or password');

    const res = await signIn(troll);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.suspension).toEqual({ reason: 'Repeated insults', until });
    expect(res.body.user.id).toBe(troll.user.id);
    const restricted = res.body;

    for (const answer of await elsewhere(restricted, other)) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(403);
      expect(answer.body.message).toBe(message);
    }
    // The live stream is refused too (it is answered outside the router).
    const stream = await fetch(new URL('/api/events', server.url), {
      headers: { authorization: `Bearer ${restricted.tokens.accessToken}` },
    });
    expect(stream.status).toBe(403);
    await stream.body?.cancel();

    const me = await kit.call<User>('GET', '/users/me', restricted);
    expect(me.status).toBe(200);
    expect(me.body.status).toBe('Suspended');
    const sessions = await kit.call<SessionsResponse>('GET', '/auth/sessions', restricted);
    expect(sessions.status).toBe(200);
    expect(sessions.body.sessions.filter((s) => s.current)).toHaveLength(1);

    // Their data: prepared by the job, listed, downloaded through its signed link.
    const requested = await kit.call<DataExport>('POST', '/exports', restricted);
    expect(requested.status, JSON.stringify(requested.body)).toBe(201);
    await server.app.jobs.drain();
    const list = await kit.call<{ items: DataExport[] }>('GET', '/exports', restricted);
    expect(list.status).toBe(200);
    const ready = list.body.items.find((e) => e.id === requested.body.id)!;
    expect(ready.status).toBe('ready');
    const file = await fetch(new URL(ready.downloadUrl!, server.url));
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/zip');
    await file.arrayBuffer();

    // Refreshing keeps the session restricted: the status is read on every call.
    const rotated = await refresh(restricted.tokens.refreshToken);
    expect(rotated.status, JSON.stringify(rotated.body)).toBe(200);
    const again = { ...restricted, tokens: rotated.body };
    expect((await kit.call('GET', '/users/me', again)).status).toBe(200);
    const feed = await kit.call<ApiErrorBody>('GET', '/feed', again);
    expect(feed.status).toBe(403);
    expect(feed.body.message).toBe(message);

    // Signing out ends it.
    const out = await server.request('POST', '/api/auth/logout', {
      body: { refreshToken: again.tokens.refreshToken },
    });
    expect(out.status).toBe(204);
    expect((await kit.call('GET', '/users/me', again)).status).toBe(401);
    expect((await refresh(again.tokens.refreshToken)).status).toBe(401);
  });

  it('a suspension until lifted says so; a new suspension ends the restricted sessions too', async () => {
    const [troll, other] = [await kit.person(), await kit.person()];
    await suspend(troll, 'Spam');
    const res = await signIn(troll);
    expect(res.status).toBe(200);
    expect(res.body.suspension).toEqual({ reason: 'Spam', until: null });
    const feed = await kit.call<ApiErrorBody>('GET', '/feed', res.body);
    expect(feed.body.message).toBe('This account is suspended. Reason: Spam');
    expect((await kit.call('GET', `/users/${other.user.id}`, res.body)).status).toBe(403);

    await suspend(troll, 'Spam, again', 3);
    expect((await kit.call('GET', '/users/me', res.body)).status).toBe(401);
    expect((await refresh(res.body.tokens.refreshToken)).status).toBe(401);
  });

  it('once the suspension ends and the job lifts it, the same sign-in works everywhere', async () => {
    const [troll, other] = [await kit.person(), await kit.person()];
    await suspend(troll, 'Repeated insults', 2);
    const restricted = (await signIn(troll)).body;
    expect(restricted.suspension?.reason).toBe('Repeated insults');

    // Not yet over: refreshing still opens only the restricted session.
    server.clock.advance({ days: 1 });
    await server.app.jobs.run('moderation.liftSuspensions');
    const early = await refresh(restricted.tokens.refreshToken);
    expect(early.status).toBe(200);
    expect((await kit.call('GET', '/feed', { ...restricted, tokens: early.body })).status).toBe(
      403,
    );

    // Over, but not lifted yet: the session is still restricted.
    server.clock.advance({ days: 1, minutes: 1 });
    const late = await refresh(early.body.refreshToken);
    expect(late.status).toBe(200);
    const back = { ...restricted, tokens: late.body };
    expect((await kit.call('GET', '/feed', back)).status).toBe(403);
    // Lifted: the same access token opens everything at its next call.
    await server.app.jobs.run('moderation.liftSuspensions');
    for (const answer of await elsewhere(back, other)) {
      expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(400);
    }
    expect((await kit.call<User>('GET', '/users/me', back)).body.status).toBe('Active');
    const fresh = await signIn(troll, 'another horse battery');
    expect(fresh.status, JSON.stringify(fresh.body)).toBe(200);
    expect(fresh.body.suspension).toBeNull();
  });
});
