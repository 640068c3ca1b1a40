import type { AuthResponse, NotificationPage, NotificationView } from '@doers/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, registerFounder } from '../../../../test/support/people.js';
import { createQuest } from '../../../../test/support/quests.js';
import { startTestServer, type TestServer } from '../../../../test/support/test-server.js';
import { setTime } from '../../../../test/support/time.js';

/**
 * The daily streak reminder at the hour each person chose, in their own zone, moving the
 * server's clock. 2026-03-10: Tokyo is UTC+9, Los Angeles UTC-7 (daylight time since March 8).
 */
describe('the daily streak reminder', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_FACTOR: '20' }, { now: '2026-03-10T01:00:00Z' });
  });
  afterAll(() => server.close());

  const runJob = () => server.app.jobs.run('notifications.streakReminder');
  const reminders = async (auth: AuthResponse) => {
    const res = await server.request<NotificationPage>('GET', '/api/notifications', as(auth));
    expect(res.status).toBe(200);
    return res.body.items.filter(
      (v): v is Extract<NotificationView, { type: 'streak_reminder' }> =>
        v.type === 'streak_reminder',
    );
  };

  /** Someone in `zone` on one quest, with a reminder at `hour` of their own day. */
  async function personIn(zone: string, hour: number | null) {
    const { auth } = await registerFounder(server);
    const quest = await createQuest(server, auth, {}, zone);
    const res = await server.request('PUT', '/api/notifications/settings', {
      ...as(auth),
      headers: { 'x-timezone': zone },
      body: { reminderHour: hour },
    });
    expect(res.status).toBe(200);
    return { auth, quest };
  }

  it('reminds each person at their hour in their zone, once per day, and not after a check-in', async () => {
    const tokyo = await personIn('Asia/Tokyo', 20);
    const la = await personIn('America/Los_Angeles', 20);
    const done = await personIn('America/Los_Angeles', 20);
    const never = await personIn('Asia/Tokyo', null);
    const people = [tokyo.auth, la.auth, done.auth, never.auth];

    // 09:00 UTC: 18:00 in Tokyo, 02:00 in Los Angeles. Nobody yet.
    await setTime(server, '2026-03-10T09:00:00Z', ...people);
    expect(await runJob()).toBe(0);

    // 11:00 UTC: 20:00 in Tokyo. Two runs at once (on PostgreSQL, truly side by side, as two
    // instances would) send it once.
    await setTime(server, '2026-03-10T11:00:00Z', ...people);
    const [first, second] = (await Promise.all([runJob(), runJob()])) as number[];
    expect(first! + second!).toBe(1);
    const [sent] = await reminders(tokyo.auth);
    expect(sent).toMatchObject({
      type: 'streak_reminder',
      data: { day: '2026-03-10', questIds: [tokyo.quest.id] },
      actors: [],
      actorCount: 0,
      read: false,
    });
    // A later run the same day sends nothing more.
    await setTime(server, '2026-03-10T14:00:00Z', ...people);
    expect(await Promise.all([runJob(), runJob()])).toEqual([0, 0]);
    expect(await reminders(tokyo.auth)).toHaveLength(1);

    // Los Angeles checks in during its morning; the other does not.
    await setTime(server, '2026-03-10T17:00:00Z', ...people);
    const checkIn = await server.request('POST', `/api/quests/${done.quest.id}/check-ins`, {
      ...as(done.auth),
      headers: { 'x-timezone': 'America/Los_Angeles' },
      body: {},
    });
    expect(checkIn.status).toBe(201);

    // 03:00 UTC on the 11th: 20:00 on the 10th in Los Angeles, noon on the 11th in Tokyo.
    await setTime(server, '2026-03-11T03:00:00Z', ...people);
    expect(await runJob()).toBe(1);
    expect((await reminders(la.auth)).map((v) => v.data)).toEqual([
      { day: '2026-03-10', questIds: [la.quest.id] },
    ]);
    expect(await reminders(done.auth)).toEqual([]);
    expect(await reminders(never.auth)).toEqual([]);

    // 11:30 UTC on the 11th: Tokyo's next day reaches 20:00: a new reminder for a new day.
    await setTime(server, '2026-03-11T11:30:00Z', ...people);
    expect(await runJob()).toBe(1);
    expect((await reminders(tokyo.auth)).map((v) => v.data.day)).toEqual([
      '2026-03-11',
      '2026-03-10',
    ]);
  });

  it('counts the hour within a day that starts later, and a rest day needs no reminder', async () => {
    // A night owl whose day starts at 04:00 and who asks for 01:00: still the day before.
    await setTime(server, '2026-03-12T00:00:00Z');
    const owl = await personIn('UTC', 1);
    const prefs = await server.request('PATCH', '/api/users/me/preferences', {
      ...as(owl.auth),
      body: { dayStartHour: 4 },
    });
    expect(prefs.status).toBeLessThan(300);
    const rester = await personIn('UTC', 8);
    const rest = await server.request('POST', '/api/users/me/rest-days', {
      ...as(rester.auth),
      body: { day: '2026-03-13' },
    });
    expect(rest.status).toBeLessThan(300);

    await setTime(server, '2026-03-12T23:00:00Z', owl.auth, rester.auth);
    await runJob();
    expect(await reminders(owl.auth)).toEqual([]);
    await setTime(server, '2026-03-13T01:00:00Z', owl.auth, rester.auth);
    await runJob();
    expect((await reminders(owl.auth)).map((v) => v.data.day)).toEqual(['2026-03-12']);

    await setTime(server, '2026-03-13T09:00:00Z', owl.auth, rester.auth);
    await runJob();
    expect((await reminders(rester.auth)).map((v) => v.data.day)).toEqual(['2026-03-12']);
  });

  it('the ledger refuses a second reminder for the same person and day', async () => {
    const { auth } = await registerFounder(server);
    await server.db.query(
      `INSERT INTO streak_reminders (user_id, day, sent_at) VALUES ($1, '2026-03-20', now())`,
      [auth.user.id],
    );
    await expect(
      server.db.query(
        `INSERT INTO streak_reminders (user_id, day, sent_at) VALUES ($1, '2026-03-20', now())`,
        [auth.user.id],
      ),
    ).rejects.toThrow(/duplicate key/);
  });
});
