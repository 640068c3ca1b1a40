import type { AuthResponse, StatsReport } from '@doers/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as } from '../../../../test/support/people.js';
import { postsKit } from '../../../../test/support/posts.js';
import { createQuest } from '../../../../test/support/quests.js';
import { startTestServer, type TestServer } from '../../../../test/support/test-server.js';
import { setTime } from '../../../../test/support/time.js';

/** The clock starts on Tuesday 2026-03-10, 09:00 UTC. */
describe('GET /stats', () => {
  let server: TestServer;
  let kit: ReturnType<typeof postsKit>;
  const logs: string[] = [];
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_FACTOR: '20', LOG_LEVEL: 'error' }, { logs });
    kit = postsKit(server);
  });
  afterAll(() => server.close());

  const report = async (auth: AuthResponse, zone = 'UTC') => {
    const res = await server.request<StatsReport>('GET', '/api/stats', {
      ...as(auth),
      headers: { 'x-timezone': zone },
    });
    expect(res.status, JSON.stringify(res.body) + logs.join('\n')).toBe(200);
    return res.body;
  };
  const checkIn = async (auth: AuthResponse, questId: string) => {
    const res = await server.request('POST', `/api/quests/${questId}/check-ins`, {
      ...as(auth),
      body: { day: 'today' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  };

  it('every figure and chart after a scripted history of check-ins, posts and reactions', async () => {
    const [ada, bea, cy] = [await kit.person(), await kit.person(), await kit.person()];
    const everyone = [ada, bea, cy];
    const run = await createQuest(server, ada, { title: 'Run', emoji: '🏃', targetDays: 10 });
    const read = await createQuest(server, bea, { title: 'Read', emoji: '📚' });

    // Week of Monday 9 March: Ada checks in Tuesday, Wednesday and Friday (Thursday missed) and
    // posts twice; Bea smiles at both and hums one, Cy smiles at one; both vibe with Ada.
    await checkIn(ada, run.id);
    await checkIn(bea, read.id);
    const first = await kit.post(ada);
    const second = await kit.post(ada);
    for (const [who, post] of [
      [bea, first],
      [bea, second],
      [cy, first],
    ] as const)
      expect((await kit.react('PUT', 'smile', who, post.id)).status).toBe(200);
    expect((await kit.react('PUT', 'hum', bea, first.id)).status).toBe(200);
    await kit.vibe(bea, ada);
    await kit.vibe(cy, ada);
    await setTime(server, '2026-03-11T09:00:00Z', ...everyone);
    await checkIn(ada, run.id);
    await setTime(server, '2026-03-13T09:00:00Z', ...everyone);
    await checkIn(ada, run.id);

    // Week of Monday 16 March: one check-in, and Cy hums the second post.
    await setTime(server, '2026-03-16T09:00:00Z', ...everyone);
    await checkIn(ada, run.id);
    expect((await kit.react('PUT', 'hum', cy, second.id)).status).toBe(200);

    const mine = await report(ada);
    expect(mine.today).toBe('2026-03-16');
    // Every figure is the one the profile shows.
    expect(mine.figures).toEqual(await kit.stats(ada));
    expect(mine.figures).toMatchObject({
      currentStreak: 1,
      longestStreak: 2,
      totalCheckIns: 4,
      activeQuests: 1,
      totalPosts: 2,
      totalSmiles: 3,
      totalHums: 2,
      totalVibes: 2,
      totalVibers: 2,
      totalPostInteractions: 5,
    });
    expect(mine.calendar).toEqual([
      { day: '2026-03-10', checkIns: 1 },
      { day: '2026-03-11', checkIns: 1 },
      { day: '2026-03-13', checkIns: 1 },
      { day: '2026-03-16', checkIns: 1 },
    ]);
    // Twelve weeks, oldest first, ending with this one; the quiet ones are zero.
    expect(mine.weeks).toHaveLength(12);
    expect(mine.weeks[0]!.weekStart).toBe('2025-12-29');
    expect(mine.weeks.slice(-3)).toEqual([
      { weekStart: '2026-03-02', checkIns: 0, smiles: 0, vibes: 0, hums: 0 },
      { weekStart: '2026-03-09', checkIns: 3, smiles: 3, vibes: 2, hums: 1 },
      { weekStart: '2026-03-16', checkIns: 1, smiles: 0, vibes: 0, hums: 1 },
    ]);
    const sum = (k: 'checkIns' | 'smiles' | 'vibes' | 'hums') =>
      mine.weeks.reduce((n, w) => n + w[k], 0);
    expect([sum('checkIns'), sum('smiles'), sum('vibes'), sum('hums')]).toEqual([4, 3, 2, 2]);
    expect(mine.quests).toEqual([
      {
        questId: run.id,
        title: 'Run',
        emoji: '🏃',
        status: 'active',
        checkIns: 4,
        outOf: 10,
        measure: 'target',
        completion: 0.4,
      },
    ]);

    // Bea's quest has no target: one check-in in the seven days it has run.
    const hers = await report(bea);
    expect(hers.quests).toEqual([
      expect.objectContaining({ questId: read.id, checkIns: 1, outOf: 7, measure: 'days-so-far' }),
    ]);
    expect(hers.figures).toMatchObject({ totalSmilesSent: 2, totalCheckIns: 1, currentStreak: 0 });
    expect(hers.weeks.at(-2)).toMatchObject({ checkIns: 1, smiles: 0 });
  });

  it('groups what I received by my own days: a smile late on Sunday in UTC is Monday in Tokyo', async () => {
    const [tomo, fan] = [await kit.person(), await kit.person()];
    await setTime(server, '2026-03-22T20:00:00Z', tomo, fan);
    // Tomo's zone is set by his app's requests.
    const post = await kit.post(tomo, {}, { 'x-timezone': 'Asia/Tokyo' });
    expect((await kit.react('PUT', 'smile', fan, post.id)).status).toBe(200);
    const tokyo = await report(tomo, 'Asia/Tokyo');
    expect(tokyo.today).toBe('2026-03-23');
    expect(tokyo.weeks.at(-1)).toMatchObject({ weekStart: '2026-03-23', smiles: 1 });
  });

  it('is mine alone: signed out is refused', async () => {
    const res = await server.request('GET', '/api/stats');
    expect(res.status).toBe(401);
  });
});
