import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, AuthResponse, Quest, RestDays, User } from '@doers/contract';
import { registerFounder } from '../../../../test/support/people.js';
import { createQuest } from '../../../../test/support/quests.js';
import { startTestServer, type TestServer } from '../../../../test/support/test-server.js';

describe('day-start hour and rest days', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());
  const as = (auth: AuthResponse) => ({
    token: auth.tokens.accessToken,
    headers: { 'x-timezone': 'UTC' },
  });
  const today = () => server.clock.now().toISOString().slice(0, 10);

  it('stores the hour a person’s day starts', async () => {
    const { auth } = await registerFounder(server);
    const bad = await server.request<ApiErrorBody>('PATCH', '/api/users/me/preferences', {
      ...as(auth),
      body: { dayStartHour: 24 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      { field: 'dayStartHour', message: 'Pick an hour from 0 to 23' },
    ]);
    const ok = await server.request<User>('PATCH', '/api/users/me/preferences', {
      ...as(auth),
      body: { dayStartHour: 4 },
    });
    expect(ok.body.dayStartHour).toBe(4);
  });

  it('allows two rest days a month, never on a day already checked in', async () => {
    const { auth } = await registerFounder(server);
    const quest = await createQuest(server, auth);
    await server.request('POST', `/api/quests/${quest.id}/check-ins`, { ...as(auth), body: {} });
    const onCheckIn = await server.request<ApiErrorBody>('POST', '/api/users/me/rest-days', {
      ...as(auth),
      body: { day: today() },
    });
    expect(onCheckIn.status).toBe(409);

    // The 1st to 3rd of next month: ahead, and within six weeks.
    const now = server.clock.now();
    const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1))
      .toISOString()
      .slice(0, 7);
    const free = ['01', '02', '03'].map((d) => `${month}-${d}`);
    expect(
      (
        await server.request<RestDays>('POST', '/api/users/me/rest-days', {
          ...as(auth),
          body: { day: free[0] },
        })
      ).body.days,
    ).toEqual([free[0]]);
    const two = await server.request<RestDays>('POST', '/api/users/me/rest-days', {
      ...as(auth),
      body: { day: free[1] },
    });
    expect(two.body.days).toEqual([free[0], free[1]]);
    const third = await server.request<ApiErrorBody>('POST', '/api/users/me/rest-days', {
      ...as(auth),
      body: { day: free[2] },
    });
    expect(third.status).toBe(409);
    expect(third.body.message).toBe(`You already have 2 rest days in ${month}`);
    const removed = await server.request<RestDays>(
      'DELETE',
      `/api/users/me/rest-days/${free[0]}`,
      as(auth),
    );
    expect(removed.body.days).toEqual([free[1]]);
  });

  it('refuses rest days in the past', async () => {
    const { auth } = await registerFounder(server);
    const res = await server.request<ApiErrorBody>('POST', '/api/users/me/rest-days', {
      ...as(auth),
      body: { day: '2020-01-01' },
    });
    expect(res.status).toBe(400);
  });

  it('abandoning keeps the history but frees the slot', async () => {
    const { auth } = await registerFounder(server);
    const quest = await createQuest(server, auth);
    await server.request('POST', `/api/quests/${quest.id}/check-ins`, { ...as(auth), body: {} });
    const res = await server.request<Quest>('POST', `/api/quests/${quest.id}/abandon`, as(auth));
    expect(res.body.status).toBe('abandoned');
    const me = (await server.request<User>('GET', `/api/users/${auth.user.id}`, as(auth))).body;
    expect(me.stats).toMatchObject({ activeQuests: 0, totalCheckIns: 1, currentStreak: 1 });
    const closed = await server.request<ApiErrorBody>('POST', `/api/quests/${quest.id}/check-ins`, {
      ...as(auth),
      body: {},
    });
    expect(closed.status).toBe(409);
  });
});
