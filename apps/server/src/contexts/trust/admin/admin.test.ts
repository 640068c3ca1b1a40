import type { ApiErrorBody, AuthResponse, TierGrant, User } from '@doers/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/database.js';
import { AdminGuard } from './admin-guard.js';
import { AdminService, type GrantChange } from './admin.service.js';
import { ReferralsRepository } from '../../people/referrals/referrals.repository.js';
import { ReferralsService } from '../../people/referrals/referrals.service.js';
import { StatsRepository } from '../../progress/stats/stats.repository.js';
import { StatsService } from '../../progress/stats/stats.service.js';
import { SessionUserCache } from '../../accounts/users/session-user-cache.js';
import { UsersRepository } from '../../accounts/users/users.repository.js';
import { UsersService } from '../../accounts/users/users.service.js';
import { systemClock } from '../../../platform/clock.js';
import { registerFounder, registerReferred } from '../../../../test/support/people.js';
import { createQuest } from '../../../../test/support/quests.js';
import { startTestServer, type TestServer } from '../../../../test/support/test-server.js';

/**
 * What `npm run admin` runs, on the running server's database: on PostgreSQL the operator's
 * command works while servers run, and they must see a grant or a revoke at the next call.
 */
function operator(db: Database) {
  const stats = new StatsService(new StatsRepository(db));
  const users = new UsersService({
    users: new UsersRepository(db, new SessionUserCache(() => systemClock.now().getTime())),
    stats,
    referrals: new ReferralsService(new ReferralsRepository(db), systemClock, 'http://doers.test'),
    clock: systemClock,
  });
  const admin = new AdminService({ guard: new AdminGuard(users), users });
  return (change: GrantChange) => admin.changeGrants(change);
}

describe('admin rights', () => {
  let server: TestServer;
  let run: ReturnType<typeof operator>;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_FACTOR: '20' });
    run = operator(server.db);
  });
  afterAll(() => server.close());

  const as = (auth: AuthResponse) => ({ token: auth.tokens.accessToken });
  const setTier = (admin: AuthResponse, userId: string, tier: unknown) =>
    server.request<TierGrant & ApiErrorBody>('POST', `/api/admin/users/${userId}/tier`, {
      ...as(admin),
      body: { tier },
    });
  const me = async (auth: AuthResponse) =>
    (await server.request<User>('GET', '/api/users/me', as(auth))).body;

  it('a founder without the grant gets 403, and the user shape says they have no admin rights', async () => {
    const { auth: founder } = await registerFounder(server);
    const { auth: member } = await registerReferred(server, founder.user.referralCode);
    const refused = await setTier(founder, member.user.id, 'supporter');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('You need admin access for this');
    expect((await me(founder)).founder.permissions).toMatchObject({
      adminAccess: false,
      moderationTools: false,
    });
    expect((await me(member)).supporterTier).toBe('free');
  });

  it('granted: sets a tier and its limits (Exempt); revoked: 403 again at the next call', async () => {
    const { auth: admin, person } = await registerFounder(server);
    const { auth: member } = await registerReferred(server, admin.user.referralCode);
    expect(await run({ action: 'grant', username: person.username, rights: ['admin'] })).toBe(
      `Granted admin access to @${person.username}. @${person.username} now has admin access.`,
    );
    expect((await me(admin)).founder.permissions).toMatchObject({
      adminAccess: true,
      moderationTools: false,
    });

    await createQuest(server, member);
    const full = await server.request<ApiErrorBody>('POST', '/api/quests', {
      ...as(member),
      body: { title: 'Second', category: 'fitness', emoji: '🏃', tasks: [{ title: 'Go' }] },
    });
    expect(full.status).toBe(409);

    const granted = await setTier(admin, member.user.id, 'supporter');
    expect(granted.status).toBe(200);
    expect(granted.body).toMatchObject({
      userId: member.user.id,
      supporterTier: 'supporter',
      paymentStatus: 'Exempt',
      limits: { quests: 5, postDuration: 300, dmDuration: 300, referralsPerMonth: 3 },
    });
    const after = await me(member);
    expect(after).toMatchObject({ supporterTier: 'supporter', paymentStatus: 'Exempt' });
    expect(after.limits.quests).toBe(5);
    await createQuest(server, member, { title: 'Second' });

    await run({ action: 'revoke', username: person.username, rights: ['admin', 'moderation'] });
    const refused = await setTier(admin, member.user.id, 'champion');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('You need admin access for this');
    expect((await me(member)).supporterTier).toBe('supporter');
  });

  it('says clearly what is wrong: an unknown tier, an unknown person, an unknown username', async () => {
    const { auth: admin, person } = await registerFounder(server);
    await run({ action: 'grant', username: person.username.toUpperCase(), rights: ['admin'] });
    const badTier = await setTier(admin, admin.user.id, 'gold');
    expect(badTier.status).toBe(400);
    expect(badTier.body.message).toBe('tier: Choose a tier: free, supporter or champion');
    const nobody = await setTier(admin, '00000000-0000-4000-8000-000000000000', 'supporter');
    expect(nobody.status).toBe(404);
    expect(nobody.body.message).toBe('User not found');
    await expect(
      run({ action: 'grant', username: 'nobody_here', rights: ['admin'] }),
    ).rejects.toThrow('No user named nobody_here');
  });

  it('grants admin rights to founders only', async () => {
    const { auth: founder } = await registerFounder(server);
    const { person: member } = await registerReferred(server, founder.user.referralCode);
    await expect(
      run({ action: 'grant', username: member.username, rights: ['admin', 'moderation'] }),
    ).rejects.toThrow(`@${member.username} is not a founder: admin rights go to founders only`);
  });
});
