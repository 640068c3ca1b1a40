import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type ApiErrorBody,
  type AuthResponse,
  type CheckInResponse,
  type Quest,
  type UnreadCounts,
  type User,
} from '@doers/contract';
import { QuestsRepository } from '../quests/quests.repository.js';
import { registerFounder } from '../../../../test/support/people.js';
import { createQuest } from '../../../../test/support/quests.js';
import { passTime, setTime } from '../../../../test/support/time.js';
import {
  TEST_START,
  startTestServer,
  type TestServer,
} from '../../../../test/support/test-server.js';

describe('check-ins', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_FACTOR: '20' });
  });
  beforeEach(() => server.clock.set(TEST_START));
  afterAll(() => server.close());

  const as = (auth: AuthResponse, zone = 'UTC') => ({
    token: auth.tokens.accessToken,
    headers: { 'x-timezone': zone },
  });
  const stats = async (auth: AuthResponse) =>
    (await server.request<User>('GET', `/api/users/${auth.user.id}`, as(auth))).body.stats;

  it('checks in once a day with ticked tasks; undo puts every figure back', async () => {
    const { auth } = await registerFounder(server);
    const quest = await createQuest(server, auth);
    const first = await server.request<CheckInResponse>(
      'POST',
      `/api/quests/${quest.id}/check-ins`,
      {
        ...as(auth),
        body: { taskIds: [quest.tasks[0]!.id] },
      },
    );
    expect(first.status).toBe(201);
    expect(first.body.checkIn.taskIds).toEqual([quest.tasks[0]!.id]);
    expect(first.body.quest.viewer).toMatchObject({
      checkedInToday: true,
      currentStreak: 1,
      longestStreak: 1,
      totalCheckIns: 1,
    });
    expect(await stats(auth)).toMatchObject({
      currentStreak: 1,
      longestStreak: 1,
      totalCheckIns: 1,
    });

    const again = await server.request<ApiErrorBody>('POST', `/api/quests/${quest.id}/check-ins`, {
      ...as(auth),
      body: {},
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('You already checked in today');

    const undone = await server.request<Quest>(
      'DELETE',
      `/api/quests/${quest.id}/check-ins/today`,
      as(auth),
    );
    expect(undone.body.viewer).toMatchObject({
      checkedInToday: false,
      currentStreak: 0,
      totalCheckIns: 0,
    });
    expect(await stats(auth)).toMatchObject({
      currentStreak: 0,
      longestStreak: 0,
      totalCheckIns: 0,
    });
    expect(
      (await server.request('DELETE', `/api/quests/${quest.id}/check-ins/today`, as(auth))).status,
    ).toBe(404);
  });

  it('five check-ins at once from five tabs: one is recorded, the others are told', async () => {
    const { auth } = await registerFounder(server);
    const quest = await createQuest(server, auth);
    const tabs = await Promise.all(
      Array.from({ length: 5 }, () =>
        server.request<ApiErrorBody>('POST', `/api/quests/${quest.id}/check-ins`, {
          ...as(auth),
          body: {},
        }),
      ),
    );
    expect(tabs.map((t) => t.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(await stats(auth)).toMatchObject({ currentStreak: 1, totalCheckIns: 1 });
  });

  it('check-ins on three quests at once all land, and the day counts once', async () => {
    const { auth } = await registerFounder(server);
    await server.db.query('UPDATE users SET limit_quests = 3 WHERE id = $1', [auth.user.id]);
    const quests = [
      await createQuest(server, auth),
      await createQuest(server, auth),
      await createQuest(server, auth),
    ];
    // Each write finds the others' figures saved meanwhile, reads them again and writes once.
    const answers = await Promise.all(
      quests.map((q) =>
        server.request<CheckInResponse>('POST', `/api/quests/${q.id}/check-ins`, {
          ...as(auth),
          body: {},
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    for (const a of answers) expect(a.body.quest.viewer).toMatchObject({ currentStreak: 1 });
    expect(await stats(auth)).toMatchObject({ currentStreak: 1, totalCheckIns: 3 });

    const undone = await Promise.all(
      quests.map((q) => server.request('DELETE', `/api/quests/${q.id}/check-ins/today`, as(auth))),
    );
    expect(undone.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(await stats(auth)).toMatchObject({ currentStreak: 0, totalCheckIns: 0 });
  });

  it('ten people checking in at once: one answer each, written together, every figure theirs', async () => {
    const people = await Promise.all(Array.from({ length: 10 }, () => registerFounder(server)));
    const quests = await Promise.all(people.map(({ auth }) => createQuest(server, auth)));
    // Someone not on the first quest is refused alone; the batch around them lands.
    const outsider = (await registerFounder(server)).auth;
    const checkIn = (auth: AuthResponse, quest: Quest) =>
      server.request<CheckInResponse & ApiErrorBody>('POST', `/api/quests/${quest.id}/check-ins`, {
        ...as(auth),
        body: { taskIds: [quest.tasks[0]!.id] },
      });

    const sql = await server.statementsOf(async () => {
      const answers = await Promise.all([
        ...people.map(({ auth }, i) => checkIn(auth, quests[i]!)),
        checkIn(outsider, quests[0]!),
      ]);
      const refused = answers.pop()!;
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe('Join this quest to check in');
      answers.forEach((a, i) => {
        expect(a.status, JSON.stringify(a.body)).toBe(201);
        expect(a.body.checkIn).toMatchObject({
          questId: quests[i]!.id,
          userId: people[i]!.auth.user.id,
        });
        expect(a.body.quest.viewer).toMatchObject({ checkedInToday: true, currentStreak: 1 });
      });
    });
    // One write each before batching: fewer statements than check-ins wrote them all.
    expect(sql.filter((s) => s.includes('INSERT INTO check_ins')).length).toBeLessThan(6);
    for (const { auth } of people) {
      expect(await stats(auth)).toMatchObject({ currentStreak: 1, totalCheckIns: 1 });
    }
    expect(await stats(outsider)).toMatchObject({ currentStreak: 0, totalCheckIns: 0 });

    const undone = await Promise.all(
      people.map(({ auth }, i) =>
        server.request<Quest>('DELETE', `/api/quests/${quests[i]!.id}/check-ins/today`, as(auth)),
      ),
    );
    for (const u of undone) {
      expect(u.status).toBe(200);
      expect(u.body.viewer).toMatchObject({ checkedInToday: false, totalCheckIns: 0 });
    }
    for (const { auth } of people) {
      expect(await stats(auth)).toMatchObject({ currentStreak: 0, totalCheckIns: 0 });
    }
  });

  it('the same Idempotency-Key twice makes one check-in', async () => {
    const { auth } = await registerFounder(server);
    const quest = await createQuest(server, auth);
    const send = () =>
      server.request<CheckInResponse>('POST', `/api/quests/${quest.id}/check-ins`, {
        token: auth.tokens.accessToken,
        headers: { 'idempotency-key': 'offline-checkin-1' },
        body: {},
      });
    const a = await send();
    const b = await send();
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(b.body.checkIn.id).toBe(a.body.checkIn.id);
    const rows = await server.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM check_ins WHERE quest_id = $1',
      [quest.id],
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('allows yesterday late until the window closes, never before the quest began', async () => {
    const { auth } = await registerFounder(server);
    // 05:00 in UTC: yesterday may still be ticked until 12:00.
    server.clock.set('2026-03-10T05:00:00Z');
    const quest = await createQuest(server, auth);
    const checkIn = (day: 'today' | 'yesterday') =>
      server.request<CheckInResponse & ApiErrorBody>('POST', `/api/quests/${quest.id}/check-ins`, {
        ...as(auth),
        body: { day },
      });
    const tooEarly = await checkIn('yesterday');
    expect(tooEarly.status).toBe(400);
    expect(tooEarly.body.message).toBe(
      'You started this quest on 2026-03-10: there is no check-in before that',
    );

    // The next morning, the first day can still be ticked late.
    await passTime(server, { days: 1 }, auth);
    const late = await checkIn('yesterday');
    expect(late.status, JSON.stringify(late.body)).toBe(201);
    expect(late.body.checkIn).toMatchObject({ day: '2026-03-10', late: true });
    const today = await checkIn('today');
    expect(today.body.quest.viewer).toMatchObject({
      currentStreak: 2,
      checkedInYesterday: true,
      canCheckInYesterday: false,
      canCheckInToday: false,
    });

    // At 12:00 the late window closes.
    const { auth: other } = await registerFounder(server);
    const q2 = await createQuest(server, other);
    await passTime(server, { days: 1, hours: 7 }, other);
    const view = await server.request<Quest>('GET', `/api/quests/${q2.id}`, as(other));
    expect(view.body.viewer).toMatchObject({ canCheckInYesterday: false, canCheckInToday: true });
    const closed = await server.request<ApiErrorBody>('POST', `/api/quests/${q2.id}/check-ins`, {
      ...as(other),
      body: { day: 'yesterday' },
    });
    expect(closed.status).toBe(400);
    expect(closed.body.message).toBe(
      'Yesterday can no longer be checked in: that window closed at 12:00 today',
    );
  });

  it('lands a check-in sent after midnight on the day it was made, and refuses older days', async () => {
    const { auth } = await registerFounder(server);
    await setTime(server, '2026-03-10T20:00:00Z', auth);
    const quest = await createQuest(server, auth);
    const checkIn = (forDay: string) =>
      server.request<CheckInResponse & ApiErrorBody>('POST', `/api/quests/${quest.id}/check-ins`, {
        ...as(auth),
        body: { day: 'today', forDay },
      });
    // Made offline on the 10th, sent the next morning: yesterday's late check-in.
    await passTime(server, { hours: 10 }, auth);
    const replayed = await checkIn('2026-03-10');
    expect(replayed.status, JSON.stringify(replayed.body)).toBe(201);
    expect(replayed.body.checkIn).toMatchObject({ day: '2026-03-10', late: true });
    const today = await checkIn('2026-03-11');
    expect(today.body.checkIn).toMatchObject({ day: '2026-03-11', late: false });

    await passTime(server, { days: 2 }, auth);
    const stale = await checkIn('2026-03-11');
    expect(stale.status).toBe(400);
    expect(stale.body.message).toBe('2026-03-11 can no longer be checked in: it is 2026-03-13 now');
  });

  it('celebrates day 7 with a milestone, and notifies it once even after undo and redo', async () => {
    const { auth } = await registerFounder(server);
    const quest = await createQuest(server, auth);
    const checkIn = () =>
      server.request<CheckInResponse>('POST', `/api/quests/${quest.id}/check-ins`, {
        ...as(auth),
        body: {},
      });
    for (let day = 1; day <= 6; day++) {
      expect((await checkIn()).body.milestone).toBeNull();
      await passTime(server, { days: 1 }, auth);
    }
    const first = await checkIn();
    expect(first.body.milestone).toBe(7);
    expect(first.body.quest.viewer?.currentStreak).toBe(7);
    await server.request('DELETE', `/api/quests/${quest.id}/check-ins/today`, as(auth));
    expect((await checkIn()).body.milestone).toBe(7);
    const unread = await server.request<UnreadCounts>(
      'GET',
      '/api/notifications/unread-counts',
      as(auth),
    );
    expect(unread.body.unreadNotifications).toBe(1);
  });

  it('a run of three weeks joined by a late check-in counts whole, reading only the last days', async () => {
    const { auth } = await registerFounder(server);
    server.clock.set('2026-03-10T08:00:00Z');
    await server.db.query('UPDATE users SET limit_quests = 2 WHERE id = $1', [auth.user.id]);
    const a = await createQuest(server, auth);
    const b = await createQuest(server, auth);
    const checkIn = (questId: string, day: 'today' | 'yesterday' = 'today') =>
      server.request<CheckInResponse>('POST', `/api/quests/${questId}/check-ins`, {
        ...as(auth),
        body: { day },
      });
    for (let day = 0; day < 20; day++) {
      expect((await checkIn(a.id)).status).toBe(201);
      await passTime(server, { days: 1 }, auth);
    }
    // Day 20 missed; on day 21 quest B first (a run of one), then day 20 ticked late on A.
    await passTime(server, { days: 1 }, auth);
    const repository = new QuestsRepository(server.db);
    const read = async (questId: string) =>
      (await repository.bundleWithInputs({ questId, userId: auth.user.id, recentFrom: '' }))!
        .checkIns.length;
    // B's first check-in reads the person's last days only, not the weeks of A before them.
    expect(await read(b.id)).toBeGreaterThan(0);
    expect(await read(b.id)).toBeLessThanOrEqual(12);
    expect((await checkIn(b.id)).body.quest.viewer?.currentStreak).toBe(1);
    expect(await stats(auth)).toMatchObject({ currentStreak: 1, longestStreak: 20 });
    const late = await checkIn(a.id, 'yesterday');
    expect(late.status).toBe(201);
    expect(late.body.quest.viewer).toMatchObject({
      currentStreak: 21,
      longestStreak: 21,
      totalCheckIns: 21,
    });
    expect(await stats(auth)).toMatchObject({
      currentStreak: 22,
      longestStreak: 22,
      totalCheckIns: 22,
    });

    // The walk started ten days back: older check-ins were not read again.
    expect(await read(a.id)).toBeGreaterThan(0);
    expect(await read(a.id)).toBeLessThanOrEqual(12);

    // Undoing today's check-in on B takes day 21 back: the run ends on day 20, as if never made.
    await server.request('DELETE', `/api/quests/${b.id}/check-ins/today`, as(auth));
    expect(await stats(auth)).toMatchObject({
      currentStreak: 21,
      longestStreak: 21,
      totalCheckIns: 21,
    });
  });

  it('keeps user stats right after deleting a quest', async () => {
    const { auth } = await registerFounder(server);
    const quest = await createQuest(server, auth);
    await server.request('POST', `/api/quests/${quest.id}/check-ins`, { ...as(auth), body: {} });
    expect(await stats(auth)).toMatchObject({ totalCheckIns: 1, activeQuests: 1 });
    expect((await server.request('DELETE', `/api/quests/${quest.id}`, as(auth))).status).toBe(204);
    expect(await stats(auth)).toMatchObject({
      totalCheckIns: 0,
      currentStreak: 0,
      longestStreak: 0,
      activeQuests: 0,
    });
    expect((await server.request('GET', `/api/quests/${quest.id}`, as(auth))).status).toBe(404);
  });

  it('a calendar of the last weeks ends today', async () => {
    const { auth } = await registerFounder(server);
    const quest = await createQuest(server, auth);
    await server.request('POST', `/api/quests/${quest.id}/check-ins`, {
      ...as(auth),
      body: { taskIds: quest.tasks.map((t) => t.id) },
    });
    const res = await server.request<{
      days: { day: string; checkedIn: boolean; tasksDone: number }[];
    }>('GET', `/api/quests/${quest.id}/calendar?weeks=2`, as(auth));
    expect(res.body.days).toHaveLength(14);
    expect(res.body.days.at(-1)).toMatchObject({
      day: TEST_START.slice(0, 10),
      checkedIn: true,
      tasksDone: 2,
    });
    expect(res.body.days.filter((d) => d.checkedIn)).toHaveLength(1);
  });
});
