import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse } from '@doers/contract';
import { registerFounder } from './support/people.js';
import { createQuest } from './support/quests.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/**
 * What the hot paths cost in SQL statements (BEGIN and COMMIT not counted). Before the
 * restructuring a check-in ran 21 (23 with an Idempotency-Key), then 8 in a transaction, and the
 * leaderboard one query per participant.
 */
describe('statements per request', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_FACTOR: '20' });
  });
  afterAll(() => server.close());

  const as = (auth: AuthResponse) => ({
    token: auth.tokens.accessToken,
    headers: { 'x-timezone': 'Europe/Paris' },
  });

  async function sharedQuest(people: number) {
    const { auth: owner } = await registerFounder(server);
    const quest = await createQuest(server, owner, { allowOthersToJoin: true }, 'Europe/Paris');
    const members: AuthResponse[] = [];
    for (let i = 1; i < people; i++) {
      const { auth } = await registerFounder(server);
      await server.request('POST', `/api/quests/${quest.id}/join`, as(auth));
      members.push(auth);
    }
    return { owner, quest, members };
  }

  /** A check-in, with an Idempotency-Key, answering 201: its statements. */
  const checkInStatements = (auth: AuthResponse, questId: string, key: string) =>
    server.statementsOf(async () => {
      const res = await server.request('POST', `/api/quests/${questId}/check-ins`, {
        ...as(auth),
        headers: { ...as(auth).headers, 'idempotency-key': key },
        body: {},
      });
      expect(res.status).toBe(201);
    });

  it('a check-in with an Idempotency-Key runs at most 5, and one more when it crowns a GOAT', async () => {
    // Nobody tops the all-time board yet: the first check-in crowns its maker.
    const first = await sharedQuest(1);
    const crowning = await checkInStatements(first.owner, first.quest.id, 'check-in-0');
    expect(crowning.length, crowning.join('\n')).toBeLessThanOrEqual(6);

    // Someone who joined later ties with the GOAT: the crown stays, and nothing more is run.
    server.clock.advance({ minutes: 1 });
    const { owner, quest } = await sharedQuest(3);
    // The caller, the key claimed, the quest with the streak inputs, the check-in written with
    // its figures in one statement (no transaction), the answer kept for the key.
    const sql = await checkInStatements(owner, quest.id, 'check-in-1');
    expect(sql.length, sql.join('\n')).toBeLessThanOrEqual(5);
  });

  /**
   * The statements of one GET, after a first one (which may record lastActive): authenticating
   * then reads nothing, the session user being kept in memory (decision 8).
   */
  async function statementsOfGet(auth: AuthResponse, path: string): Promise<string[]> {
    expect((await server.request('GET', path, as(auth))).status).toBe(200);
    return server.statementsOf(async () => {
      const res = await server.request('GET', path, as(auth));
      expect(res.status).toBe(200);
    });
  }

  it('a profile is one read after authenticating, the own one as well as another', async () => {
    const { owner, members } = await sharedQuest(2);
    const member = members[0]!;
    for (const path of [`/api/users/${owner.user.id}`, `/api/users/${member.user.id}`]) {
      const sql = await statementsOfGet(owner, path);
      // The caller, then the person with their figures, rest days, devices and referrals.
      expect(sql.length, sql.join('\n')).toBe(1);
    }
  });

  it('a page of quests is one read after authenticating, empty or not', async () => {
    const { owner } = await sharedQuest(2);
    // One active quest (the free tier's limit), no completed one.
    for (const status of ['active', 'completed']) {
      const sql = await statementsOfGet(owner, `/api/quests?status=${status}`);
      // The caller, then the page with each quest's view and the quest limit.
      expect(sql.length, sql.join('\n')).toBe(1);
    }
  });

  it('the unread counts are one read after authenticating', async () => {
    const { owner } = await sharedQuest(1);
    const sql = await statementsOfGet(owner, '/api/notifications/unread-counts');
    expect(sql.length, sql.join('\n')).toBe(1);
  });

  it('the quest leaderboard reads everyone in one query, however many they are', async () => {
    const counts = [];
    for (const people of [2, 5]) {
      const { owner, quest, members } = await sharedQuest(people);
      for (const member of members) {
        await server.request('POST', `/api/quests/${quest.id}/check-ins`, {
          ...as(member),
          body: {},
        });
      }
      const sql = await server.statementsOf(async () => {
        const res = await server.request('GET', `/api/quests/${quest.id}/leaderboard`, as(owner));
        expect(res.status).toBe(200);
      });
      // The caller, whether they may see the quest, and the leaderboard.
      expect(sql.length, sql.join('\n')).toBe(3);
      counts.push(sql.length);
    }
    expect(counts[0]).toBe(counts[1]);
  });
});
