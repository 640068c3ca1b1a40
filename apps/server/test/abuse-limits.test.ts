import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApiErrorBody, AuthResponse } from '@doers/contract';
import { registerFounder } from './support/people.js';
import { createQuest } from './support/quests.js';
import { passTime } from './support/time.js';
import { TEST_START, startTestServer, type TestServer } from './support/test-server.js';

const TOO_MANY = /^Too many attempts\. Please try again in \d+ minutes?\.$/;

/** Writes that notify someone are limited per account (docs/product/limits-and-tiers.md). */
describe('limits on writes that notify someone', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  beforeEach(() => server.clock.set(TEST_START));
  afterAll(() => server.close());

  const as = (auth: AuthResponse, headers: Record<string, string> = {}) => ({
    token: auth.tokens.accessToken,
    headers,
  });
  const vibe = (from: AuthResponse, to: AuthResponse, headers: Record<string, string> = {}) =>
    server.request<ApiErrorBody>('POST', '/api/vibes', {
      ...as(from, headers),
      body: { targetUserId: to.user.id, vibeReason: 'motivated' },
    });
  const vibesReceived = async (auth: AuthResponse) =>
    (
      await server.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM vibes WHERE target_user_id = $1',
        [auth.user.id],
      )
    )[0]!.n;

  it('60 vibes an hour per sender, then 429 with Retry-After; refused and replayed vibes cost nothing', async () => {
    const { auth: sender } = await registerFounder(server);
    const { auth: target } = await registerFounder(server);
    const { auth: someoneElse } = await registerFounder(server);

    const toSelf = await vibe(sender, sender);
    expect(toSelf.status).toBe(400);
    const first = await vibe(sender, target, { 'idempotency-key': 'vibe-1' });
    expect(first.status).toBe(201);
    expect((await vibe(sender, target, { 'idempotency-key': 'vibe-1' })).status).toBe(201);
    for (let i = 1; i < 60; i++) expect((await vibe(sender, target)).status, `vibe ${i}`).toBe(201);

    const refused = await vibe(sender, target);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(TOO_MANY);
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(80 * 60);
    expect(await vibesReceived(target)).toBe(60);
    // Per sender: another person's vibes still go.
    expect((await vibe(someoneElse, target)).status).toBe(201);

    await passTime(server, { seconds: wait }, sender);
    expect((await vibe(sender, target)).status).toBe(201);
  });

  it('30 quest joins an hour per person, then 429; a refused join costs nothing', async () => {
    const { auth: owner } = await registerFounder(server);
    const { auth: joiner } = await registerFounder(server);
    const quest = await createQuest(server, owner, { allowOthersToJoin: true });
    const join = () =>
      server.request<ApiErrorBody>('POST', `/api/quests/${quest.id}/join`, as(joiner));
    const leave = () => server.request('POST', `/api/quests/${quest.id}/leave`, as(joiner));

    for (let i = 0; i < 30; i++) {
      expect((await join()).status, `join ${i}`).toBe(200);
      if (i === 0) expect((await join()).status, 'already on it').toBe(409);
      expect((await leave()).status).toBe(204);
    }
    const refused = await join();
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(TOO_MANY);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
