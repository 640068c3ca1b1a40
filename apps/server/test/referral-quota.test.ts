import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, AuthResponse } from '@doers/contract';
import { newPerson, registerFounder, registerReferred } from './support/people.js';
import { startTestServer, type TestServer } from './support/test-server.js';

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
});
