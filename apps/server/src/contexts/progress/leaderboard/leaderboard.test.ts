import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ApiErrorBody,
  AuthResponse,
  LeaderboardPage,
  LeaderboardScopes,
  PublicUser,
} from '@doers/contract';
import { as, registerFounder, vibe } from '../../../../test/support/people.js';
import { createQuest } from '../../../../test/support/quests.js';
import { startTestServer, type TestServer } from '../../../../test/support/test-server.js';
import { setTime } from '../../../../test/support/time.js';

/** The clock starts on Tuesday 2026-03-10, 09:00 UTC. */
describe('leaderboard', () => {
  let server: TestServer;
  const logs: string[] = [];
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_FACTOR: '20', LOG_LEVEL: 'error' }, { logs });
  });
  afterAll(() => server.close());

  const board = async (auth: AuthResponse, query = '') => {
    const res = await server.request<LeaderboardPage>('GET', `/api/leaderboard?${query}`, as(auth));
    expect(res.status, JSON.stringify(res.body) + logs.join('\n')).toBe(200);
    return res.body;
  };
  /** Joins one person after another: ties are broken by who joined first. */
  const join = async () => {
    server.clock.advance({ minutes: 1 });
    return (await registerFounder(server)).auth;
  };
  const names = (page: LeaderboardPage) =>
    page.items.map((e) => `${e.rank} ${e.user.username} ${e.score}`);
  const checkIn = async (auth: AuthResponse, questId: string, zone = 'UTC') => {
    const res = await server.request('POST', `/api/quests/${questId}/check-ins`, {
      ...as(auth),
      body: { day: 'today' },
      headers: { 'x-timezone': zone },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  };

  it('ranks this week and all time, breaks ties by who joined first, and keeps my place', async () => {
    const people = [];
    for (let i = 0; i < 4; i++) people.push(await join());
    const [ada, bea, cy, dot] = people as [AuthResponse, AuthResponse, AuthResponse, AuthResponse];
    const quests = [];
    for (const p of people) quests.push((await createQuest(server, p)).id);
    const [qa, qb, qc] = quests as [string, string, string];

    // Tuesday: Ada, Bea and Cy check in; Wednesday: Ada again.
    await checkIn(ada, qa);
    await checkIn(bea, qb);
    await checkIn(cy, qc);
    await setTime(server, '2026-03-11T09:00:00Z', ...people);
    await checkIn(ada, qa);

    const u = (a: AuthResponse) => a.user.username;
    const week = await board(dot, 'board=week');
    expect(names(week)).toEqual([`1 ${u(ada)} 2`, `2 ${u(bea)} 1`, `3 ${u(cy)} 1`]);
    // Dot has no check-ins: no rank, and still told so.
    expect(week.me).toEqual({ rank: null, score: 0, hidden: false });
    expect(names(await board(dot, 'board=all-time'))).toEqual([
      `1 ${u(ada)} 2`,
      `2 ${u(bea)} 1`,
      `3 ${u(cy)} 1`,
    ]);
    // The same order every time it is read.
    expect(names(await board(dot, 'board=week'))).toEqual(names(week));

    // A page of one, then the next from its cursor; my own rank comes with either page.
    const first = await board(cy, 'board=week&limit=1');
    expect(names(first)).toEqual([`1 ${u(ada)} 2`]);
    expect(first.me).toEqual({ rank: 3, score: 1, hidden: false });
    const second = await board(cy, `board=week&limit=1&cursor=${first.nextCursor}`);
    expect(names(second)).toEqual([`2 ${u(bea)} 1`]);
    expect(first.items[0]!.isGOAT).toBe(true);

    // Ada is the GOAT; hiding takes her off every board and hands the crown to Bea.
    const profile = async (of: AuthResponse) =>
      (await server.request<PublicUser>('GET', `/api/users/${of.user.id}`, as(dot))).body;
    expect((await profile(ada)).profile.isGOAT).toBe(true);
    const hid = await server.request('PUT', '/api/leaderboard/settings', {
      ...as(ada),
      body: { hidden: true },
    });
    expect(hid.status).toBe(200);
    expect(names(await board(dot, 'board=all-time'))).toEqual([`1 ${u(bea)} 1`, `2 ${u(cy)} 1`]);
    expect((await board(ada, 'board=all-time')).me).toEqual({ rank: null, score: 2, hidden: true });
    expect((await profile(ada)).profile.isGOAT).toBe(false);
    expect((await profile(bea)).profile.isGOAT).toBe(true);

    // Someone blocked either way is not shown, and everyone else keeps their rank.
    await server.request('PUT', `/api/users/${bea.user.id}/block`, as(cy));
    expect(names(await board(cy, 'board=week'))).toEqual([`2 ${u(cy)} 1`]);
    expect(names(await board(bea, 'board=week'))).toEqual([`1 ${u(bea)} 1`]);
    expect(names(await board(dot, 'board=week'))).toEqual([`1 ${u(bea)} 1`, `2 ${u(cy)} 1`]);

    await server.request('PUT', '/api/leaderboard/settings', {
      ...as(ada),
      body: { hidden: false },
    });
    expect((await profile(ada)).profile.isGOAT).toBe(true);
  });

  it('counts each person’s own week: a week turns at their Monday, not the server’s', async () => {
    await setTime(server, '2026-03-12T09:00:00Z');
    const kiri = await join();
    const lon = await join();
    const kq = (await createQuest(server, kiri, {}, 'Pacific/Kiritimati')).id;
    const lq = (await createQuest(server, lon, {}, 'Europe/London')).id;
    await checkIn(lon, lq, 'Europe/London');
    // Sunday 20:00 in London is Monday 10:00 in Kiritimati (UTC+14): a new week there.
    await setTime(server, '2026-03-15T20:00:00Z', kiri, lon);
    await checkIn(kiri, kq, 'Pacific/Kiritimati');
    await checkIn(lon, lq, 'Europe/London');
    const scoreOf = (page: LeaderboardPage, who: AuthResponse) =>
      page.items.find((e) => e.user.id === who.user.id)?.score;
    const sunday = await board(lon, 'board=week');
    expect(scoreOf(sunday, lon)).toBe(2);
    expect(scoreOf(sunday, kiri)).toBe(1);

    // Monday morning in London: London's week is new and empty, Kiritimati's goes on.
    await setTime(server, '2026-03-16T09:00:00Z', kiri, lon);
    const monday = await board(lon, 'board=week');
    expect(scoreOf(monday, lon)).toBeUndefined();
    expect(monday.me).toEqual({ rank: null, score: 0, hidden: false });
    expect(scoreOf(monday, kiri)).toBe(1);
    // The all-time board does not turn with the week.
    expect(scoreOf(await board(lon, 'board=all-time'), lon)).toBe(1);
  });

  it('ranks the people I vibe with, and each shared quest among its own people', async () => {
    await setTime(server, '2026-03-17T09:00:00Z');
    const owner = await join();
    const member = await join();
    const friend = await join();
    const outsider = await join();
    const shared = await createQuest(server, owner, { allowOthersToJoin: true });
    const joined = await server.request('POST', `/api/quests/${shared.id}/join`, as(member));
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    await checkIn(owner, shared.id);
    await checkIn(member, shared.id);
    await setTime(server, '2026-03-18T09:00:00Z', owner, member, friend, outsider);
    await checkIn(member, shared.id);
    const fq = (await createQuest(server, friend)).id;
    await checkIn(friend, fq);

    const scopes = await server.request<LeaderboardScopes>(
      'GET',
      '/api/leaderboard/scopes',
      as(member),
    );
    expect(scopes.body.quests).toEqual([
      { id: shared.id, title: shared.title, emoji: shared.emoji, participants: 2 },
    ]);
    const onQuest = await board(owner, `board=all-time&scope=${shared.id}`);
    expect(onQuest.items.map((e) => [e.user.id, e.score])).toEqual([
      [member.user.id, 2],
      [owner.user.id, 1],
    ]);
    expect(onQuest.me).toMatchObject({ rank: 2, score: 1 });
    const notMine = await server.request<ApiErrorBody>(
      'GET',
      `/api/leaderboard?scope=${shared.id}`,
      as(outsider),
    );
    expect(notMine.status).toBe(404);
    expect(notMine.body.message).toBe('Quest not found');

    await vibe(server, owner, friend);
    const vibing = await board(owner, 'board=week&scope=vibing');
    expect(vibing.items.map((e) => e.user.id)).toEqual([owner.user.id, friend.user.id]);

    const bad = await server.request<ApiErrorBody>(
      'GET',
      '/api/leaderboard?board=month',
      as(owner),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.message).toBe('board must be week or all-time');
  });
});
