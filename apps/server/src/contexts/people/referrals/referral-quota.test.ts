import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ApiErrorBody,
  AuthResponse,
  MyInvites,
  NotificationPage,
  PublicUser,
  ReferredPage,
  ValidateReferralResponse,
} from '@doers/contract';
import {
  as,
  newPerson,
  registerFounder,
  registerReferred,
} from '../../../../test/support/people.js';
import { setTime } from '../../../../test/support/time.js';
import { startTestServer, type TestServer } from '../../../../test/support/test-server.js';

describe('referral quota under concurrent sign-ups', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_FACTOR: '10' });
  });
  afterAll(() => server.close());

  it('six simultaneous sign-ups on the last free slot: one gets in, five get the quota error', async () => {
    const { auth: founder } = await registerFounder(server);
    // A member (3 invites a month) who has used two of them.
    const { auth: member } = await registerReferred(server, founder.user.referralCode);
    for (let i = 0; i < 2; i++) await registerReferred(server, member.user.referralCode);

    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        server.request<AuthResponse & ApiErrorBody>('POST', '/api/auth/register', {
          body: newPerson({ referralCode: member.user.referralCode }),
        }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    console.log(`referral quota: 6 sign-ups on the last slot → ${statuses.join(', ')}`);
    expect(statuses).toEqual([201, 400, 400, 400, 400, 400]);
    for (const refused of answers.filter((a) => a.status === 400)) {
      expect(refused.body.message).toContain("has used all of this month's invites");
      expect(refused.body.errors?.[0]?.field).toBe('referralCode');
    }
    const referred = await server.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM users WHERE referred_by = $1',
      [member.user.id],
    );
    expect(referred[0]!.n).toBe(3);
  });

  it('my invites: the link, the quota of the month, who joined; the 1st of next month frees it', async () => {
    await setTime(server, '2026-03-20T10:00:00Z');
    const { auth: founder } = await registerFounder(server);
    const { auth: member } = await registerReferred(server, founder.user.referralCode);
    const mine = async (auth: AuthResponse) =>
      (await server.request<MyInvites>('GET', '/api/referrals/mine', as(auth))).body;
    expect(await mine(member)).toEqual({
      referralCode: member.user.referralCode,
      inviteUrl: `http://doers.test/invite/${member.user.referralCode}`,
      quota: { used: 0, limit: 3, resetDate: '2026-04-01T00:00:00.000Z' },
      totalReferred: 0,
    });

    const joined: AuthResponse[] = [];
    for (let i = 0; i < 3; i++) {
      server.clock.advance({ minutes: 1 });
      joined.push((await registerReferred(server, member.user.referralCode)).auth);
    }
    expect((await mine(member)).quota.used).toBe(3);
    const validate = () =>
      server.request<ValidateReferralResponse>('POST', '/api/auth/validate-referral', {
        body: { referralCode: member.user.referralCode },
      });
    const refused = await validate();
    expect(refused.body).toMatchObject({ valid: false, referrer: null });
    expect(refused.body.error).toBe(
      `@${member.user.username} has used all of this month's invites. Ask them again after 2026-04-01.`,
    );

    // The people I referred, newest first, a page at a time.
    const first = await server.request<ReferredPage>(
      'GET',
      '/api/referrals/mine/people?limit=2',
      as(member),
    );
    expect(first.body.items.map((p) => p.user.id)).toEqual([
      joined[2]!.user.id,
      joined[1]!.user.id,
    ]);
    const rest = await server.request<ReferredPage>(
      'GET',
      `/api/referrals/mine/people?limit=2&cursor=${first.body.nextCursor}`,
      as(member),
    );
    expect(rest.body.items.map((p) => p.user.id)).toEqual([joined[0]!.user.id]);
    expect(rest.body.nextCursor).toBeNull();

    // Each joiner's profile says who invited them; the referrer was told of each.
    const profile = await server.request<PublicUser>(
      'GET',
      `/api/users/${joined[0]!.user.id}`,
      as(founder),
    );
    expect(profile.body.invitedBy).toMatchObject({
      id: member.user.id,
      username: member.user.username,
    });
    const told = await server.request<NotificationPage>('GET', '/api/notifications', as(member));
    expect(told.body.items[0]).toMatchObject({ type: 'referral_joined' });

    // April 1st: the quota is new.
    await setTime(server, '2026-04-01T00:00:00Z', member);
    expect((await validate()).body.valid).toBe(true);
    expect((await mine(member)).quota).toEqual({
      used: 0,
      limit: 3,
      resetDate: '2026-05-01T00:00:00.000Z',
    });
    expect((await mine(member)).totalReferred).toBe(3);
  });

  it('founders invite 999 people a month', async () => {
    const { auth: founder } = await registerFounder(server);
    for (let i = 0; i < 4; i++) await registerReferred(server, founder.user.referralCode);
    const mine = await server.request<MyInvites>('GET', '/api/referrals/mine', as(founder));
    expect(mine.body.quota).toMatchObject({ used: 4, limit: 999 });
  });
});
