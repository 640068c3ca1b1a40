import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApiErrorBody, AuthResponse, CheckInResponse, User } from '@doers/contract';
import { sha256 } from '../src/platform/tokens.js';
import { registerFounder } from './support/people.js';
import { createQuest } from './support/quests.js';
import { passTime } from './support/time.js';
import { TEST_START, startTestServer, type TestServer } from './support/test-server.js';

/** Idempotency-Key under concurrency and over time, on PGlite or (CI) PostgreSQL. */
describe('Idempotency-Key', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_FACTOR: '20' });
  });
  beforeEach(() => server.clock.set(TEST_START));
  afterAll(() => server.close());

  async function questOfNewPerson() {
    const { auth } = await registerFounder(server);
    return { auth, quest: await createQuest(server, auth) };
  }

  const checkIn = (auth: AuthResponse, questId: string, key: string, body: object = {}) =>
    server.request<CheckInResponse & ApiErrorBody>('POST', `/api/quests/${questId}/check-ins`, {
      token: auth.tokens.accessToken,
      headers: { 'idempotency-key': key },
      body,
    });

  const checkInsOf = async (questId: string) =>
    (
      await server.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM check_ins WHERE quest_id = $1',
        [questId],
      )
    )[0]!.n;

  const streakOf = async (auth: AuthResponse) =>
    (
      await server.request<User>('GET', `/api/users/${auth.user.id}`, {
        token: auth.tokens.accessToken,
      })
    ).body.stats.currentStreak;

  it('50 simultaneous identical check-ins with one key: one check-in, streak +1, 50 equal answers', async () => {
    const { auth, quest } = await questOfNewPerson();
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => checkIn(auth, quest.id, 'offline-check-in-50')),
    );
    const ms = performance.now() - started;
    const replayed = answers.filter((a) => a.headers.get('idempotent-replayed') === 'true');
    console.log(
      `idempotency: 50 simultaneous check-ins with one key in ${ms.toFixed(0)} ms → ` +
        `${await checkInsOf(quest.id)} check-in, ${replayed.length} replays`,
    );
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(201));
    for (const answer of answers) expect(answer.body).toEqual(answers[0]!.body);
    expect(replayed).toHaveLength(49);
    expect(await checkInsOf(quest.id)).toBe(1);
    expect(await streakOf(auth)).toBe(1);
    expect(answers[0]!.body.quest.viewer?.currentStreak).toBe(1);
  });

  it('the same key with another request is 422, also while the first still runs', async () => {
    const { auth, quest } = await questOfNewPerson();
    const bodies = [{}, { note: 'different' }];
    const answers = await Promise.all(bodies.map((body) => checkIn(auth, quest.id, 'key-a', body)));
    // Either may claim the key first (PostgreSQL runs them side by side): one runs, one is 422.
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422]);
    const loser = answers.findIndex((a) => a.status === 422);
    expect(answers[loser]!.body.message).toBe(
      'Idempotency-Key was already used for a different request',
    );
    const later = await checkIn(auth, quest.id, 'key-a', bodies[loser]);
    expect(later.status).toBe(422);
    expect(await checkInsOf(quest.id)).toBe(1);
  });

  it('waits for a request another instance is running, then 409; a claim abandoned for a minute is taken over', async () => {
    const { auth, quest } = await questOfNewPerson();
    // What another instance's request leaves while it runs: the key claimed, no answer yet.
    await server.db.query(
      `INSERT INTO idempotency_keys (user_id, key, method, path, request_hash, created_at)
       VALUES ($1, 'held-elsewhere', 'POST', $2, $3, $4)`,
      [
        auth.user.id,
        `/api/quests/${quest.id}/check-ins`,
        sha256(JSON.stringify({})),
        server.clock.now(),
      ],
    );
    const started = performance.now();
    const waiting = await checkIn(auth, quest.id, 'held-elsewhere');
    const waited = performance.now() - started;
    expect(waiting.status).toBe(409);
    expect(waiting.body.message).toBe('A request with this Idempotency-Key is still in progress');
    expect(waited).toBeGreaterThanOrEqual(4_000);
    expect(await checkInsOf(quest.id)).toBe(0);

    // That instance stopped mid-request: a minute on, the key is free again.
    server.clock.advance({ seconds: 61 });
    expect((await checkIn(auth, quest.id, 'held-elsewhere')).status).toBe(201);
    expect(await checkInsOf(quest.id)).toBe(1);
  });

  it('a request that fails keeps no answer: the same key runs again', async () => {
    const { auth, quest } = await questOfNewPerson();
    expect((await checkIn(auth, quest.id, 'first')).status).toBe(201);
    const refused = await checkIn(auth, quest.id, 'second');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('You already checked in today');
    const undo = await server.request('DELETE', `/api/quests/${quest.id}/check-ins/today`, {
      token: auth.tokens.accessToken,
    });
    expect(undo.status).toBe(200);
    const again = await checkIn(auth, quest.id, 'second');
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBeNull();
  });

  it('keys expire after 24 hours: an old key runs again, and old rows are deleted', async () => {
    const { auth, quest } = await questOfNewPerson();
    const day1 = await checkIn(auth, quest.id, 'daily');
    expect(day1.status).toBe(201);
    await passTime(server, { hours: 23 }, auth);
    const replay = await checkIn(auth, quest.id, 'daily');
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body.checkIn.id).toBe(day1.body.checkIn.id);

    await passTime(server, { hours: 2 }, auth);
    const day2 = await checkIn(auth, quest.id, 'daily');
    expect(day2.status).toBe(201);
    expect(day2.headers.get('idempotent-replayed')).toBeNull();
    expect(day2.body.checkIn.id).not.toBe(day1.body.checkIn.id);
    expect(await checkInsOf(quest.id)).toBe(2);

    // Another person's write clears the rows older than a day, everyone's.
    const { auth: other, quest: otherQuest } = await questOfNewPerson();
    await passTime(server, { hours: 25 }, other);
    expect((await checkIn(other, otherQuest.id, 'clears-old-rows')).status).toBe(201);
    const left = await server.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM idempotency_keys WHERE user_id = $1',
      [auth.user.id],
    );
    expect(left[0]!.n).toBe(0);
  });
});
