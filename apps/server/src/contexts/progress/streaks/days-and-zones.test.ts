import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ApiErrorBody,
  AuthResponse,
  CheckInResponse,
  Quest,
  QuestLeaderboard,
  User,
} from '@doers/contract';
import { registerFounder } from '../../../../test/support/people.js';
import { createQuest } from '../../../../test/support/quests.js';
import { startTestServer, type TestServer } from '../../../../test/support/test-server.js';
import { setTime } from '../../../../test/support/time.js';

const PAGO_PAGO = 'Pacific/Pago_Pago'; // UTC−11
const KIRITIMATI = 'Pacific/Kiritimati'; // UTC+14: a day ahead of Pago Pago
/** 20:00 on Nov 22 in Pago Pago, 21:00 on Nov 23 in Kiritimati. */
const EVENING = '2026-11-23T07:00:00Z';

/**
 * The quest view offers exactly what the check-in and undo endpoints accept, whatever zone the
 * phone is in: both come from one rule (streaks/day-options.ts).
 */
describe('what can I do today, from any zone', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_FACTOR: '20' }, { now: EVENING });
  });
  afterAll(() => server.close());

  const from = (auth: AuthResponse, zone: string) => ({
    token: auth.tokens.accessToken,
    headers: { 'x-timezone': zone },
  });
  const view = async (auth: AuthResponse, questId: string, zone: string) =>
    (await server.request<Quest>('GET', `/api/quests/${questId}`, from(auth, zone))).body.viewer!;
  const checkIn = (auth: AuthResponse, questId: string, zone: string, day = 'today') =>
    server.request<CheckInResponse & ApiErrorBody>('POST', `/api/quests/${questId}/check-ins`, {
      ...from(auth, zone),
      body: { day },
    });
  const undo = (auth: AuthResponse, questId: string, zone: string) =>
    server.request<Quest & ApiErrorBody>(
      'DELETE',
      `/api/quests/${questId}/check-ins/today`,
      from(auth, zone),
    );

  it('checked in on Nov 22 in Pago Pago: from Kiritimati (Nov 23) it is still today', async () => {
    await setTime(server, EVENING);
    const { auth } = await registerFounder(server);
    const quest = await createQuest(server, auth, {}, PAGO_PAGO);
    expect((await checkIn(auth, quest.id, PAGO_PAGO)).body.checkIn.day).toBe('2026-11-22');

    const there = await view(auth, quest.id, KIRITIMATI);
    expect(there).toMatchObject({
      today: '2026-11-23',
      checkedInToday: true,
      canCheckInToday: false,
      canUndoToday: true,
    });
    const again = await checkIn(auth, quest.id, KIRITIMATI);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('You already checked in today');

    const undone = await undo(auth, quest.id, KIRITIMATI);
    expect(undone.status).toBe(200);
    expect(undone.body.viewer).toMatchObject({ checkedInToday: false, canCheckInToday: true });
  });

  it('started on Nov 23 in Kiritimati: from Pago Pago (Nov 22) no check-in is offered', async () => {
    await setTime(server, EVENING);
    const { auth } = await registerFounder(server);
    const quest = await createQuest(server, auth, {}, KIRITIMATI);
    expect(quest.startedOn).toBe('2026-11-23');

    const here = await view(auth, quest.id, PAGO_PAGO);
    expect(here).toMatchObject({
      today: '2026-11-22',
      checkedInToday: false,
      canCheckInToday: false,
      canCheckInYesterday: false,
      canUndoToday: false,
    });
    const refused = await checkIn(auth, quest.id, PAGO_PAGO);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      'You started this quest on 2026-11-23: there is no check-in before that',
    );

    // Once Nov 23 begins in Pago Pago, the check-in is offered and accepted.
    await setTime(server, '2026-11-23T11:30:00Z', auth);
    expect((await view(auth, quest.id, PAGO_PAGO)).canCheckInToday).toBe(true);
    expect((await checkIn(auth, quest.id, PAGO_PAGO)).status).toBe(201);
  });

  it('in every zone, the view offers exactly what the endpoints accept', async () => {
    await setTime(server, EVENING);
    const { auth } = await registerFounder(server);
    const quest = await createQuest(server, auth, {}, PAGO_PAGO);
    expect((await checkIn(auth, quest.id, PAGO_PAGO)).status).toBe(201);
    // Checked in at 20:00 on Nov 22 in Pago Pago; now three hours later, in each zone.
    await setTime(server, '2026-11-23T10:00:00Z', auth);
    const zones = [PAGO_PAGO, 'America/Los_Angeles', 'UTC', 'Asia/Tokyo', KIRITIMATI];
    for (const zone of zones) {
      const offered = await view(auth, quest.id, zone);
      const tried = await checkIn(auth, quest.id, zone);
      expect(tried.status === 201, `${zone}: check in (${tried.body.message})`).toBe(
        offered.canCheckInToday,
      );
      if (tried.status === 201) await undo(auth, quest.id, zone);

      const undoOffered = (await view(auth, quest.id, zone)).canUndoToday;
      const undone = await undo(auth, quest.id, zone);
      expect(undone.status === 200, `${zone}: undo (${undone.body.message})`).toBe(undoOffered);
      // Put the Pago Pago check-in of Nov 22 back as it was.
      if (undone.status === 200) {
        await setTime(server, EVENING, auth);
        expect((await checkIn(auth, quest.id, PAGO_PAGO)).status).toBe(201);
        await setTime(server, '2026-11-23T10:00:00Z', auth);
      }
    }
  });
});

/** One person's streak walked through ten days, a flight and a daylight-saving change. */
describe('a streak across ten days, a zone change and a DST change', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_FACTOR: '20' }, { now: '2026-03-03T12:30:00Z' });
  });
  afterAll(() => server.close());

  // 07:30 in New York, before and after clocks go forward on Sunday Mar 8, then 08:00 in Paris.
  const CHECK_INS = [
    ['2026-03-03T12:30:00Z', 'America/New_York'],
    ['2026-03-04T12:30:00Z', 'America/New_York'],
    ['2026-03-05T12:30:00Z', 'America/New_York'],
    ['2026-03-06T12:30:00Z', 'America/New_York'],
    ['2026-03-07T12:30:00Z', 'America/New_York'],
    ['2026-03-08T11:30:00Z', 'America/New_York'], // EDT from 02:00 today: 07:30 is 11:30 UTC
    ['2026-03-09T11:30:00Z', 'America/New_York'],
    ['2026-03-10T11:30:00Z', 'America/New_York'],
    ['2026-03-11T07:00:00Z', 'Europe/Paris'], // flew overnight: 18 hours after the last one
    ['2026-03-12T07:00:00Z', 'Europe/Paris'],
  ] as const;

  it('counts every lived day once, keeps the run over a rest day, and ends it after a gap', async () => {
    const { auth } = await registerFounder(server);
    const quest = await createQuest(server, auth, {}, 'America/New_York');
    const as = (zone: string) => ({
      token: auth.tokens.accessToken,
      headers: { 'x-timezone': zone },
    });
    const stats = async (zone: string) =>
      (await server.request<User>('GET', `/api/users/${auth.user.id}`, as(zone))).body.stats;

    for (const [index, [instant, zone]] of CHECK_INS.entries()) {
      await setTime(server, instant, auth);
      const res = await server.request<CheckInResponse>(
        'POST',
        `/api/quests/${quest.id}/check-ins`,
        { ...as(zone), body: {} },
      );
      expect(res.status, `${instant} ${zone}`).toBe(201);
      expect(res.body.quest.viewer?.currentStreak, instant).toBe(index + 1);
    }
    expect(await stats('Europe/Paris')).toMatchObject({
      currentStreak: 10,
      longestStreak: 10,
      totalCheckIns: 10,
    });

    // Friday the 13th is planned as a rest day: on Saturday the run is still alive.
    const rest = await server.request('POST', '/api/users/me/rest-days', {
      ...as('Europe/Paris'),
      body: { day: '2026-03-13' },
    });
    expect(rest.status).toBe(200);
    await setTime(server, '2026-03-14T12:00:00Z', auth); // 13:00 in Paris: the late window closed
    const saturday = await server.request<Quest>(
      'GET',
      `/api/quests/${quest.id}`,
      as('Europe/Paris'),
    );
    expect(saturday.body.viewer).toMatchObject({ currentStreak: 10, canCheckInYesterday: false });
    const eleventh = await server.request<CheckInResponse>(
      'POST',
      `/api/quests/${quest.id}/check-ins`,
      { ...as('Europe/Paris'), body: {} },
    );
    expect(eleventh.body.quest.viewer?.currentStreak).toBe(11);

    // Nothing on Sunday or Monday: by Tuesday afternoon the run is over, the record stays.
    await setTime(server, '2026-03-17T14:00:00Z', auth);
    expect(await stats('Europe/Paris')).toMatchObject({ currentStreak: 0, longestStreak: 11 });
    const board = await server.request<QuestLeaderboard>(
      'GET',
      `/api/quests/${quest.id}/leaderboard`,
      as('Europe/Paris'),
    );
    expect(board.body.participants[0]).toMatchObject({
      currentStreak: 0,
      longestStreak: 11,
      totalCheckIns: 11,
      checkedInToday: false,
    });
    const restart = await server.request<CheckInResponse>(
      'POST',
      `/api/quests/${quest.id}/check-ins`,
      { ...as('Europe/Paris'), body: {} },
    );
    expect(restart.body.quest.viewer).toMatchObject({ currentStreak: 1, longestStreak: 11 });
  });

  it('a flight west over the date line never grants a second check-in on one lived day', async () => {
    await setTime(server, '2026-03-20T01:00:00Z'); // 10:00 on Friday Mar 20 in Tokyo
    const { auth } = await registerFounder(server);
    const quest = await createQuest(server, auth, {}, 'Asia/Tokyo');
    const post = (zone: string) =>
      server.request<CheckInResponse & ApiErrorBody>('POST', `/api/quests/${quest.id}/check-ins`, {
        token: auth.tokens.accessToken,
        headers: { 'x-timezone': zone },
        body: {},
      });
    expect((await post('Asia/Tokyo')).status).toBe(201);
    // Landed in Honolulu: 08:00 on Friday Mar 20 again, the same lived day.
    await setTime(server, '2026-03-20T18:00:00Z', auth);
    const honolulu = await server.request<Quest>('GET', `/api/quests/${quest.id}`, {
      token: auth.tokens.accessToken,
      headers: { 'x-timezone': 'Pacific/Honolulu' },
    });
    expect(honolulu.body.viewer).toMatchObject({
      today: '2026-03-20',
      checkedInToday: true,
      canCheckInToday: false,
    });
    expect((await post('Pacific/Honolulu')).status).toBe(409);
  });
});
