// The offline queue replays writes with their Idempotency-Key; so can an attacker, as fast and
// as many times as they like. A replay must change nothing and answer what the first one did.
import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { Quest, User } from '@doers/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, closeAgents, histogram, loopback, pool, type Reply } from './support/http.js';
import { registerFounder, suite, type Person } from './support/suite.js';

const { main } = suite();
const from = loopback(13, 0);
let sender: Person;
let target: Person;
afterAll(closeAgents);

beforeAll(async () => {
  [sender, target] = [await registerFounder(main.url), await registerFounder(main.url)];
});

const write = (
  person: Person,
  method: string,
  path: string,
  key: string,
  body?: unknown,
): Promise<Reply<{ id?: string; checkIn?: { id: string } }>> =>
  call(main.url, method, path, {
    token: person.accessToken,
    headers: { 'idempotency-key': key },
    ...(body !== undefined ? { body } : {}),
    from,
  });

const QUEST = { title: 'Run every morning', category: 'fitness' };
const newQuest = async (person: Person, key = randomUUID()) => {
  const res = await write(person, 'POST', '/api/quests', key, QUEST);
  expect(res.status, res.text).toBe(201);
  return { key, res, id: res.body.id! };
};

const questOf = async (person: Person, id: string) =>
  (await call<Quest>(main.url, 'GET', `/api/quests/${id}`, { token: person.accessToken, from }))
    .body;

describe('idempotency', () => {
  it('50 simultaneous identical check-ins with one key → one check-in, streak +1', async () => {
    const person = await registerFounder(main.url);
    const quest = await newQuest(person);
    const before = (await questOf(person, quest.id)).viewer!;
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        write(person, 'POST', `/api/quests/${quest.id}/check-ins`, key, { day: 'today' }),
      ),
    );
    const after = (await questOf(person, quest.id)).viewer!;
    const ids = new Set(answers.map((a) => a.body.checkIn?.id));
    console.log(
      `idempotency, 50 simultaneous check-ins with one key: answers ${histogram(answers.map((a) => a.status))}, ` +
        `${ids.size} distinct check-in(s); streak ${before.currentStreak} → ${after.currentStreak}, ` +
        `check-ins ${before.totalCheckIns} → ${after.totalCheckIns}`,
    );
    expect(after.totalCheckIns - before.totalCheckIns).toBe(1);
    expect(after.currentStreak - before.currentStreak).toBe(1);
    // Every caller hears the one outcome: the check-in, with the same id.
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(201));
    expect(ids.size).toBe(1);
  });

  it('10,000 replays, one after another and 50 at a time → zero duplicates', async () => {
    const quest = await newQuest(sender);
    const checkInKey = randomUUID();
    type Write = { method: string; path: string; key: string; body: unknown; first: Reply };
    const writes: Write[] = [
      { method: 'POST', path: '/api/quests', key: quest.key, body: QUEST, first: quest.res },
    ];
    const checkInPath = `/api/quests/${quest.id}/check-ins`;
    const firstCheckIn = await write(sender, 'POST', checkInPath, checkInKey, { day: 'today' });
    expect(firstCheckIn.status, firstCheckIn.text).toBe(201);
    writes.push({
      method: 'POST',
      path: checkInPath,
      key: checkInKey,
      body: { day: 'today' },
      first: firstCheckIn,
    });
    for (const reason of ['motivated', 'inspired', 'proud']) {
      const key = randomUUID();
      const body = { targetUserId: target.id, vibeReason: reason };
      const first = await write(sender, 'POST', '/api/vibes', key, body);
      expect(first.status, first.text).toBe(201);
      writes.push({ method: 'POST', path: '/api/vibes', key, body, first });
    }
    const vibesBefore = await totalVibes(target);

    const replay = async (i: number) => {
      const w = writes[i % writes.length]!;
      const res = await write(sender, w.method, w.path, w.key, w.body);
      return { res, w };
    };
    const sequential = await pool(5_000, 1, replay);
    const concurrent = await pool(5_000, 50, replay);
    const all = [...sequential, ...concurrent];

    const differing = all.filter(
      ({ res, w }) => res.status !== w.first.status || !isDeepStrictEqual(res.body, w.first.body),
    );
    const notMarked = all.filter(({ res }) => res.headers['idempotent-replayed'] !== 'true');
    const quests = await call<{ items: Quest[] }>(main.url, 'GET', '/api/quests', {
      token: sender.accessToken,
      from,
    });
    const viewer = (await questOf(sender, quest.id)).viewer!;
    const vibesAfter = await totalVibes(target);
    console.log(
      `idempotency, ${all.length.toLocaleString('en-US')} replays of ${writes.length} writes ` +
        `(5,000 one by one, 5,000 fifty at a time): ${histogram(all.map((a) => a.res.status))}; ` +
        `answers differing from the first: ${differing.length}; quests ${quests.body.items.length}, ` +
        `check-ins ${viewer.totalCheckIns}, vibes received ${vibesBefore} → ${vibesAfter}`,
    );
    expect(differing).toHaveLength(0);
    expect(notMarked).toHaveLength(0);
    expect(quests.body.items.map((q) => q.id)).toEqual([quest.id]);
    expect(viewer.totalCheckIns).toBe(1);
    expect(vibesAfter).toBe(vibesBefore);
  });

  it('the same key with another body or on another path → 422, and nothing is written', async () => {
    const key = randomUUID();
    const first = await write(sender, 'POST', '/api/vibes', key, {
      targetUserId: target.id,
      vibeReason: 'grateful',
    });
    expect(first.status, first.text).toBe(201);
    const vibes = await totalVibes(target);
    const otherBody = await write(sender, 'POST', '/api/vibes', key, {
      targetUserId: target.id,
      vibeReason: 'relatable',
    });
    const otherPath = await write(sender, 'POST', '/api/quests', key, {
      title: 'Another quest',
      category: 'learning',
    });
    expect([otherBody.status, otherPath.status]).toEqual([422, 422]);
    expect(await totalVibes(target)).toBe(vibes);
    console.log(
      `idempotency, a used key with another body: ${otherBody.status}; on another path: ` +
        `${otherPath.status} "${(otherPath.body as unknown as { message: string }).message}"`,
    );
  });
});

async function totalVibes(person: Person): Promise<number> {
  const res = await call<User>(main.url, 'GET', `/api/users/${person.id}`, {
    token: person.accessToken,
    from,
  });
  return res.body.stats.totalVibes;
}
