import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  user as userSchema,
  type ApiErrorBody,
  type AuthResponse,
  type User,
  type ValidateReferralResponse,
} from '@doers/contract';
import { newPerson, registerFounder, registerReferred } from '../../../../test/support/people.js';
import {
  FOUNDER_CODE,
  startTestServer,
  type TestServer,
} from '../../../../test/support/test-server.js';

describe('registration', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_FACTOR: '10' });
  });
  afterAll(() => server.close());

  it('makes a founder with the full User and the default limits, exempt from payment', async () => {
    const { person, auth } = await registerFounder(server);
    expect(auth.paymentStatus).toBe('exempt');
    expect(auth.requiresQuest).toBe(true);
    expect(auth.user).toMatchObject({
      username: person.username,
      isFounder: true,
      accountType: 'founder',
      supporterTier: 'free',
    });
    expect(auth.user.referralCode).toMatch(/^[A-HJ-KM-NP-Z2-9]{8}$/);
    expect(JSON.stringify(auth)).not.toContain(person.password);

    const me = await server.request<User>('GET', `/api/users/${auth.user.id}`, {
      token: auth.tokens.accessToken,
    });
    expect(me.status).toBe(200);
    const user = userSchema.parse(me.body);
    expect(user.limits).toEqual({
      quests: 1,
      postDuration: 120,
      dmDuration: 120,
      referralsPerMonth: 999,
    });
    expect(user.profile).toEqual({
      colorTheme: '#4A90E2',
      haloIntensity: 0.5,
      badges: ['founder'],
      isGOAT: false,
    });
    expect(user.status).toBe('Active');
    expect(user.paymentStatus).toBe('Exempt');
    expect(user.founder.isFounder).toBe(true);
    expect(user.founder.founderId).toBeGreaterThan(0);
    expect(user.founder.permissions).toEqual({
      unlimitedReferrals: true,
      bypassPayment: true,
      // Only an operator's command grants these: founder sign-up is open to anyone with the code.
      adminAccess: false,
      moderationTools: false,
    });
    expect(Object.values(user.stats).every((v) => v === 0)).toBe(true);
    expect(user.referralQuota).toMatchObject({ used: 0, limit: 999 });
    expect(user.deviceIds).toEqual([person.device.id]);
    expect(JSON.stringify(me.body)).not.toMatch(/argon2|passwordHash|password_hash/);
  });

  it('registers through a valid referral: 3 a month, then the code stops validating', async () => {
    const { auth: founder } = await registerFounder(server);
    const first = await registerReferred(server, founder.user.referralCode);
    expect(first.auth.paymentStatus).toBe('unpaid');
    expect(first.auth.user.isFounder).toBe(false);

    const me = await server.request<User>('GET', `/api/users/${first.auth.user.id}`, {
      token: first.auth.tokens.accessToken,
    });
    expect(me.body.limits.referralsPerMonth).toBe(3);
    expect(me.body.accountType).toBe('standard');

    const code = first.auth.user.referralCode;
    const check = await server.request<ValidateReferralResponse>(
      'POST',
      '/api/auth/validate-referral',
      { body: { referralCode: code } },
    );
    expect(check.body).toEqual({
      valid: true,
      referrer: {
        id: first.auth.user.id,
        username: first.auth.user.username,
        displayName: first.auth.user.username,
        profilePictureUrl: null,
        isFounder: false,
      },
      error: null,
    });
    for (let i = 0; i < 3; i++) await registerReferred(server, code.toLowerCase());
    const over = await server.request<ValidateReferralResponse>(
      'POST',
      '/api/auth/validate-referral',
      { body: { referralCode: code } },
    );
    expect(over.body.valid).toBe(false);
    expect(over.body.referrer).toBeNull();
    expect(over.body.error).toContain("used all of this month's invites");
    const refused = await server.request<ApiErrorBody>('POST', '/api/auth/register', {
      body: newPerson({ referralCode: code }),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.[0]?.field).toBe('referralCode');

    const referrer = await server.request<User>('GET', `/api/users/${first.auth.user.id}`, {
      token: first.auth.tokens.accessToken,
    });
    expect(referrer.body.referralQuota.used).toBe(3);
    expect(referrer.body.referralTracking.totalLifetimeReferrals).toBe(3);
  });

  it('says an unknown referral code is invalid', async () => {
    const res = await server.request<ValidateReferralResponse>(
      'POST',
      '/api/auth/validate-referral',
      { body: { referralCode: 'NOPE2345' } },
    );
    expect(res.body).toEqual({ valid: false, referrer: null, error: 'Invalid referral code' });
  });

  it('requires a referral code or the founder invite', async () => {
    const none = await server.request<ApiErrorBody>('POST', '/api/auth/register', {
      body: newPerson(),
    });
    expect(none.status).toBe(400);
    expect(none.body.message).toContain('referral code');
    const wrong = await server.request<ApiErrorBody>('POST', '/api/auth/register', {
      body: newPerson({ inviteCode: 'GUESS' }),
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([
      { field: 'inviteCode', message: 'Invalid founder invite code' },
    ]);
  });

  it('enforces the username rules and names each bad field', async () => {
    for (const username of ['Has Space', 'UPPER', 'ab', 'dash-name', 'x'.repeat(31)]) {
      const res = await server.request<ApiErrorBody>('POST', '/api/auth/register', {
        body: newPerson({ inviteCode: FOUNDER_CODE, username }),
      });
      expect(res.status, username).toBe(400);
      expect(res.body.errors?.map((e) => e.field)).toContain('username');
    }
    const res = await server.request<ApiErrorBody>('POST', '/api/auth/register', {
      body: newPerson({ inviteCode: FOUNDER_CODE, password: 'short', email: 'not-an-email' }),
    });
    expect(res.body.statusCode).toBe(400);
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'email', message: 'Please enter a valid email address' },
        { field: 'password', message: 'Password must be at least 8 characters' },
      ]),
    );
  });

  it('keeps usernames and emails unique, whatever their case', async () => {
    const { person } = await registerFounder(server);
    const sameName = await server.request<ApiErrorBody>('POST', '/api/auth/register', {
      body: newPerson({ inviteCode: FOUNDER_CODE, username: person.username }),
    });
    expect(sameName.status).toBe(409);
    expect(sameName.body.message).toBe('This username is already taken');
    const sameEmail = await server.request<ApiErrorBody>('POST', '/api/auth/register', {
      body: newPerson({ inviteCode: FOUNDER_CODE, email: person.email.toUpperCase() }),
    });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body.message).toBe('An account with this email already exists');
  });

  it('gives founders who sign up at the same moment a number each', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        server.request<AuthResponse>('POST', '/api/auth/register', {
          body: newPerson({ inviteCode: FOUNDER_CODE }),
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(201));
    const numbers = new Set<number | null>();
    for (const { body } of answers) {
      const me = await server.request<User>('GET', '/api/users/me', {
        token: body.tokens.accessToken,
      });
      numbers.add(me.body.founder.founderId);
    }
    expect(numbers.size).toBe(12);
  });
});

describe('founder seats', () => {
  it('refuses a founder once the seats are taken, and stops offering the code', async () => {
    const server = await startTestServer({ FOUNDER_SEATS: '1' });
    try {
      await registerFounder(server);
      const res = await server.request<ApiErrorBody>('POST', '/api/auth/register', {
        body: newPerson({ inviteCode: FOUNDER_CODE }),
      });
      expect(res.status).toBe(403);
      expect(res.body.message).toContain('founder seats are taken');
      const config = await server.request('GET', '/api/config');
      expect(config.body).toEqual({ founderInviteCode: null, founderSeatsLeft: 0 });
    } finally {
      await server.close();
    }
  });
});

describe('registration rate limit', () => {
  it('allows 5 attempts per 30 minutes per IP, then answers 429 with Retry-After', async () => {
    const server = await startTestServer();
    try {
      for (let i = 0; i < 5; i++) await registerFounder(server);
      const res = await server.request<AuthResponse>('POST', '/api/auth/register', {
        body: newPerson({ inviteCode: FOUNDER_CODE }),
      });
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(60 * 29);
    } finally {
      await server.close();
    }
  });
});
