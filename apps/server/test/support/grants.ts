import { AdminGuard, type AdminRight } from '../../src/contexts/trust/admin/admin-guard.js';
import { AdminService } from '../../src/contexts/trust/admin/admin.service.js';
import { ReferralsRepository } from '../../src/contexts/people/referrals/referrals.repository.js';
import { ReferralsService } from '../../src/contexts/people/referrals/referrals.service.js';
import { StatsRepository } from '../../src/contexts/progress/stats/stats.repository.js';
import { StatsService } from '../../src/contexts/progress/stats/stats.service.js';
import { SessionUserCache } from '../../src/contexts/accounts/users/session-user-cache.js';
import { UsersRepository } from '../../src/contexts/accounts/users/users.repository.js';
import { UsersService } from '../../src/contexts/accounts/users/users.service.js';
import type { AuthResponse } from '@doers/contract';
import { expect } from 'vitest';
import type { TestServer } from './test-server.js';

/** What `npm run admin -- grant <username> --only moderation` does, on the test's database. */
export function grantModeration(server: TestServer, username: string): Promise<void> {
  return grant(server, username, ['moderation']);
}

/** What `npm run admin -- grant <username>` does: admin access and moderation tools. */
export function grantAdmin(server: TestServer, username: string): Promise<void> {
  return grant(server, username, ['admin', 'moderation']);
}

async function grant(server: TestServer, username: string, rights: AdminRight[]): Promise<void> {
  const users = new UsersService({
    users: new UsersRepository(server.db, new SessionUserCache(() => server.clock.now().getTime())),
    stats: new StatsService(new StatsRepository(server.db)),
    referrals: new ReferralsService(
      new ReferralsRepository(server.db),
      server.clock,
      'http://doers.test',
    ),
    clock: server.clock,
  });
  await new AdminService({ guard: new AdminGuard(users), users }).changeGrants({
    action: 'grant',
    username,
    rights,
  });
}

/** A moderator hides a post, a comment or a message, as the console does (201 or the test fails). */
export async function hideAs(
  server: TestServer,
  moderator: AuthResponse,
  target: { type: 'post' | 'comment' | 'dm'; id: string },
  reason = 'Spam',
): Promise<void> {
  const res = await server.request('POST', '/api/moderation/actions', {
    token: moderator.tokens.accessToken,
    body: { targetType: target.type, targetId: target.id, action: 'hide', reason },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}
