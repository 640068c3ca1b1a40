import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  publicUser,
  type ApiErrorBody,
  type AuthResponse,
  type OnboardingProgress,
  type UnreadCounts,
  type User,
  type Vibe,
} from '@doers/contract';
import { device, registerFounder, registerReferred } from '../../../../test/support/people.js';
import { startTestServer, type TestServer } from '../../../../test/support/test-server.js';

describe('people, onboarding and vibes', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_FACTOR: '10' });
  });
  afterAll(() => server.close());

  it('shows another person only their public face', async () => {
    const { auth: a } = await registerFounder(server);
    const { auth: b } = await registerFounder(server);
    const res = await server.request('GET', `/api/users/${b.user.id}`, {
      token: a.tokens.accessToken,
    });
    expect(res.status).toBe(200);
    const parsed = publicUser.strict().safeParse(res.body);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    expect(JSON.stringify(res.body)).not.toContain(b.user.email);

    const missing = await server.request<ApiErrorBody>(
      'GET',
      '/api/users/00000000-0000-4000-8000-000000000000',
      { token: a.tokens.accessToken },
    );
    expect(missing.status).toBe(404);
    const bad = await server.request<ApiErrorBody>('GET', '/api/users/not-a-uuid', {
      token: a.tokens.accessToken,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.field).toBe('id');
  });

  it('keeps onboarding progress per person; requiresQuest turns false when every step is done', async () => {
    const { person, auth } = await registerFounder(server);
    const token = auth.tokens.accessToken;
    const start = await server.request<OnboardingProgress>(
      'GET',
      '/api/users/onboarding/progress',
      { token },
    );
    expect(start.body).toEqual({
      paymentStatus: 'Exempt',
      onboardingSteps: {
        appInstallPromptSeen: false,
        welcomeScreenSeen: false,
        profilePictureUploaded: false,
        interestsSelected: false,
        voiceBioRecorded: false,
        firstQuestCreated: false,
      },
    });
    const afterWelcome = await server.request<OnboardingProgress>(
      'POST',
      '/api/users/onboarding/progress',
      { token, body: { step: 'welcome' } },
    );
    expect(afterWelcome.body.onboardingSteps.welcomeScreenSeen).toBe(true);
    expect(afterWelcome.body.onboardingSteps.appInstallPromptSeen).toBe(false);

    const bad = await server.request<ApiErrorBody>('POST', '/api/users/onboarding/progress', {
      token,
      body: { step: 'dance' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.field).toBe('step');

    for (const step of [
      'install-app',
      'profile-picture',
      'interests',
      'voice-intro',
      'first-quest',
    ]) {
      await server.request('POST', '/api/users/onboarding/progress', { token, body: { step } });
    }
    const login = await server.request<AuthResponse>('POST', '/api/auth/login', {
      body: { email: person.username, password: person.password, device: device() },
    });
    expect(login.body.requiresQuest).toBe(false);

    const other = await registerFounder(server);
    const theirs = await server.request<OnboardingProgress>(
      'GET',
      '/api/users/onboarding/progress',
      { token: other.auth.tokens.accessToken },
    );
    expect(theirs.body.onboardingSteps.welcomeScreenSeen).toBe(false);
  });

  it('a vibe starts vibing-with once, counts on both sides and notifies the target', async () => {
    const { auth: founder } = await registerFounder(server);
    const { auth: friend } = await registerReferred(server, founder.user.referralCode);
    const send = () =>
      server.request<Vibe>('POST', '/api/vibes', {
        token: friend.tokens.accessToken,
        body: { targetUserId: founder.user.id, vibeReason: 'Thanks for inviting me to Doers!' },
      });
    const first = await send();
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      senderId: friend.user.id,
      targetUserId: founder.user.id,
      startedVibingWith: true,
    });
    const second = await send();
    expect(second.body.startedVibingWith).toBe(false);

    const target = await server.request<User>('GET', `/api/users/${founder.user.id}`, {
      token: founder.tokens.accessToken,
    });
    expect(target.body.stats).toMatchObject({ totalVibes: 2, totalVibers: 1, totalVibingWith: 0 });
    const sender = await server.request<User>('GET', `/api/users/${friend.user.id}`, {
      token: friend.tokens.accessToken,
    });
    expect(sender.body.stats).toMatchObject({ totalVibingWith: 1, totalVibers: 0 });

    const counts = await server.request<UnreadCounts>('GET', '/api/notifications/unread-counts', {
      token: founder.tokens.accessToken,
    });
    // One "someone you referred joined" and two vibes.
    expect(counts.body).toEqual({ unreadNotifications: 3, unreadDMs: 0, unreadQuestRequests: 0 });
  });

  it('replays a vibe with the same Idempotency-Key without sending it twice', async () => {
    const { auth: a } = await registerFounder(server);
    const { auth: b } = await registerFounder(server);
    const send = () =>
      server.request<Vibe>('POST', '/api/vibes', {
        token: a.tokens.accessToken,
        headers: { 'idempotency-key': 'vibe-123' },
        body: { targetUserId: b.user.id, vibeReason: 'proud' },
      });
    const first = await send();
    const replay = await send();
    expect(replay.status).toBe(201);
    expect(replay.body.id).toBe(first.body.id);
    const rows = await server.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM vibes WHERE sender_id = $1',
      [a.user.id],
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('refuses a vibe to yourself or to nobody', async () => {
    const { auth } = await registerFounder(server);
    const self = await server.request<ApiErrorBody>('POST', '/api/vibes', {
      token: auth.tokens.accessToken,
      body: { targetUserId: auth.user.id, vibeReason: 'proud' },
    });
    expect(self.status).toBe(400);
    const nobody = await server.request<ApiErrorBody>('POST', '/api/vibes', {
      token: auth.tokens.accessToken,
      body: { targetUserId: '00000000-0000-4000-8000-000000000000', vibeReason: 'proud' },
    });
    expect(nobody.status).toBe(404);
    const empty = await server.request<ApiErrorBody>('POST', '/api/vibes', {
      token: auth.tokens.accessToken,
      body: { targetUserId: auth.user.id, vibeReason: '' },
    });
    expect(empty.body.errors).toEqual([
      { field: 'vibeReason', message: 'Choose a reason for your vibe' },
    ]);
  });

  it('stores the zone the client reports in X-Timezone', async () => {
    const { auth } = await registerFounder(server);
    const token = auth.tokens.accessToken;
    await server.request('GET', '/api/notifications/unread-counts', {
      token,
      headers: { 'x-timezone': 'Asia/Tokyo' },
    });
    const me = await server.request<User>('GET', `/api/users/${auth.user.id}`, { token });
    expect(me.body.timezone).toBe('Asia/Tokyo');
    await server.request('GET', '/api/notifications/unread-counts', {
      token,
      headers: { 'x-timezone': 'Not/AZone' },
    });
    expect(
      (await server.request<User>('GET', `/api/users/${auth.user.id}`, { token })).body.timezone,
    ).toBe('Asia/Tokyo');
  });
});
