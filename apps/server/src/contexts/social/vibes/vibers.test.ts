import type { ActivityList, ApiErrorBody, AuthResponse, ViberList } from '@doers/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  as,
  registerFounder,
  statsOf,
  vibe as vibePerson,
} from '../../../../test/support/people.js';
import { createQuest } from '../../../../test/support/quests.js';
import { startTestServer, type TestServer } from '../../../../test/support/test-server.js';

describe('vibers-only means mutual, and an owner can remove a viber', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_FACTOR: '20' });
  });
  afterAll(() => server.close());

  /** A vibe a second after the last one: "newest first" is the server clock's order. */
  const vibe = (from: AuthResponse, to: AuthResponse) => {
    server.clock.advance({ seconds: 1 });
    return vibePerson(server, from, to);
  };
  const questStatus = async (viewer: AuthResponse, questId: string) =>
    (await server.request('GET', `/api/quests/${questId}`, as(viewer))).status;
  const feedQuests = async (viewer: AuthResponse) =>
    (await server.request<ActivityList>('GET', '/api/activity', as(viewer))).body.items.map(
      (i) => i.quest.id,
    );
  const vibers = (owner: AuthResponse, query = '') =>
    server.request<ViberList>('GET', `/api/vibes/vibers${query}`, as(owner));
  const stats = (auth: AuthResponse) => statsOf(server, auth);

  /** An owner with a vibers-only quest checked in today, and someone who vibes with them. */
  async function ownerWithSecretQuest() {
    const { auth: owner } = await registerFounder(server);
    const { auth: fan } = await registerFounder(server);
    const quest = await createQuest(server, owner, { visibility: 'vibers' });
    const checkIn = await server.request('POST', `/api/quests/${quest.id}/check-ins`, {
      ...as(owner),
      body: {},
    });
    expect(checkIn.status).toBe(201);
    return { owner, fan, quest };
  }

  it('one vibe from a stranger unlocks neither the quest nor its check-ins; a mutual vibe does', async () => {
    const { owner, fan, quest } = await ownerWithSecretQuest();
    await vibe(fan, owner);
    expect(await questStatus(fan, quest.id)).toBe(404);
    expect(await feedQuests(fan)).toEqual([]);

    await vibe(owner, fan);
    expect(await questStatus(fan, quest.id)).toBe(200);
    expect(await feedQuests(fan)).toEqual([quest.id]);
  });

  it('lists my vibers newest first, with whether I vibe back, a page at a time', async () => {
    const { auth: owner } = await registerFounder(server);
    const { auth: first } = await registerFounder(server);
    const { auth: second } = await registerFounder(server);
    await vibe(first, owner);
    await vibe(second, owner);
    await vibe(owner, first);

    const all = await vibers(owner);
    expect(all.status).toBe(200);
    expect(all.body.items.map((v) => [v.user.username, v.vibesBack])).toEqual([
      [second.user.username, false],
      [first.user.username, true],
    ]);
    expect(all.body.items[0]!.user).toEqual({
      id: second.user.id,
      username: second.user.username,
      displayName: second.user.displayName,
      profilePictureUrl: null,
      isFounder: true,
    });

    const page1 = await vibers(owner, '?limit=1');
    expect(page1.body.items.map((v) => v.user.id)).toEqual([second.user.id]);
    const page2 = await vibers(owner, `?limit=1&cursor=${page1.body.nextCursor}`);
    expect(page2.body.items.map((v) => v.user.id)).toEqual([first.user.id]);
    expect(page2.body.nextCursor).toBeNull();
    // Whom I vibe with is not who vibes with me.
    expect((await vibers(first)).body.items.map((v) => v.user.id)).toEqual([owner.user.id]);
  });

  it('removing a viber shuts them out at once, in quests and in activity, and updates the counts', async () => {
    const { owner, fan, quest } = await ownerWithSecretQuest();
    await vibe(fan, owner);
    await vibe(owner, fan);
    expect(await questStatus(fan, quest.id)).toBe(200);
    expect(await stats(owner)).toMatchObject({ totalVibers: 1, totalVibingWith: 1 });
    expect(await stats(fan)).toMatchObject({ totalVibers: 1, totalVibingWith: 1 });

    const removed = await server.request('DELETE', `/api/vibes/vibers/${fan.user.id}`, as(owner));
    expect(removed.status).toBe(204);
    expect(await questStatus(fan, quest.id)).toBe(404);
    expect(await feedQuests(fan)).toEqual([]);
    expect((await vibers(owner)).body.items).toEqual([]);
    expect(await stats(owner)).toMatchObject({ totalVibers: 0, totalVibingWith: 1 });
    expect(await stats(fan)).toMatchObject({ totalVibers: 1, totalVibingWith: 0 });
    // The owner still vibes with them: that is the owner's own choice.
    expect((await vibers(fan)).body.items.map((v) => [v.user.id, v.vibesBack])).toEqual([
      [owner.user.id, false],
    ]);
  });

  it('answers 404 for someone who is not my viber, and 400 for a bad id', async () => {
    const { auth: owner } = await registerFounder(server);
    const { auth: other } = await registerFounder(server);
    await vibe(owner, other);
    const notViber = await server.request<ApiErrorBody>(
      'DELETE',
      `/api/vibes/vibers/${other.user.id}`,
      as(owner),
    );
    expect(notViber.status).toBe(404);
    expect(notViber.body.message).toBe('This person does not vibe with you');
    const bad = await server.request<ApiErrorBody>('DELETE', '/api/vibes/vibers/nope', as(owner));
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('userId: Not a valid user id');
    expect((await server.request('GET', '/api/vibes/vibers')).status).toBe(401);
  });
});
