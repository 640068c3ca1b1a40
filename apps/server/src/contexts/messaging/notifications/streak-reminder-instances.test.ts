import type { NotificationPage } from '@doers/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, registerFounder } from '../../../../test/support/people.js';
import { createQuest } from '../../../../test/support/quests.js';
import { setTime } from '../../../../test/support/time.js';
import { startTwinServers, type Twins } from '../../../../test/support/twin-servers.js';

/**
 * The daily reminder with two server instances on one PostgreSQL: both timers fire at the same
 * moment, and the person gets one reminder. 2026-03-10 11:00 UTC is 20:00 in Tokyo.
 */
describe.skipIf(!process.env['DATABASE_URL'])('the daily reminder on two instances', () => {
  let twins: Twins;
  beforeAll(async () => {
    twins = await startTwinServers({ now: '2026-03-10T01:00:00Z' });
  });
  afterAll(() => twins?.close());

  it('both instances ticking at once write one reminder, and neither sends it again', async () => {
    const { a, b } = twins;
    const { auth } = await registerFounder(a);
    await createQuest(a, auth, {}, 'Asia/Tokyo');
    const settings = await b.request('PUT', '/api/notifications/settings', {
      ...as(auth),
      headers: { 'x-timezone': 'Asia/Tokyo' },
      body: { reminderHour: 20 },
    });
    expect(settings.status).toBe(200);

    await setTime(a, '2026-03-10T11:00:00Z', auth);
    b.clock.set('2026-03-10T11:00:00Z');
    const tick = () =>
      Promise.all([
        a.app.jobs.runDue('notifications.streakReminder'),
        b.app.jobs.runDue('notifications.streakReminder'),
      ]);
    expect((await tick()).filter(Boolean)).toHaveLength(1);
    // The next ticks of the same interval run nothing; a later interval finds it sent.
    expect((await tick()).filter(Boolean)).toHaveLength(0);
    await setTime(a, '2026-03-10T12:00:00Z', auth);
    b.clock.set('2026-03-10T12:00:00Z');
    expect((await tick()).filter(Boolean)).toHaveLength(1);

    const page = await a.request<NotificationPage>('GET', '/api/notifications', as(auth));
    expect(page.status).toBe(200);
    expect(page.body.items.filter((n) => n.type === 'streak_reminder')).toHaveLength(1);
  });

  it('two instances running the reminder itself at the same moment still write one', async () => {
    const { a, b } = twins;
    const { auth } = await registerFounder(a);
    await createQuest(a, auth, {}, 'Asia/Tokyo');
    await b.request('PUT', '/api/notifications/settings', {
      ...as(auth),
      headers: { 'x-timezone': 'Asia/Tokyo' },
      body: { reminderHour: 20 },
    });
    // 11:00 UTC on the 11th: 20:00 in Tokyo again, a day this person has no reminder for yet.
    await setTime(a, '2026-03-11T11:00:00Z', auth);
    b.clock.set('2026-03-11T11:00:00Z');
    const sent = await Promise.all([
      a.app.jobs.run('notifications.streakReminder'),
      b.app.jobs.run('notifications.streakReminder'),
    ]);
    // Two people are due (this one and the first test's): each reminder is written by one only.
    expect((sent as number[]).reduce((x, y) => x + y, 0)).toBe(2);
    const page = await a.request<NotificationPage>('GET', '/api/notifications', as(auth));
    expect(page.body.items.filter((n) => n.type === 'streak_reminder')).toHaveLength(1);
  });
});
