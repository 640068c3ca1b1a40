import type {
  ActivityList,
  ApiErrorBody,
  AuthResponse,
  BlockedUserPage,
  InterestsResponse,
  PublicUser,
  User,
  UserQuestList,
  VibeEntryPage,
  ViberList,
  VibingWithList,
} from '@doers/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerFounder } from '../../../../test/support/people.js';
import { createQuest } from '../../../../test/support/quests.js';
import { startTestServer, type TestServer } from '../../../../test/support/test-server.js';

/** Blocking (docs/product/blocking.md): what a block hides and ends, both ways. */
describe('blocking', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_FACTOR: '20' });
  });
  afterAll(() => server.close());

  const as = (auth: AuthResponse, headers: Record<string, string> = {}) => ({
    token: auth.tokens.accessToken,
    headers,
  });
  const block = (from: AuthResponse, to: string, headers: Record<string, string> = {}) =>
    server.request<ApiErrorBody>('PUT', `/api/users/${to}/block`, as(from, headers));
  const unblock = (from: AuthResponse, to: string) =>
    server.request<ApiErrorBody>('DELETE', `/api/users/${to}/block`, as(from));
  const blocked = async (auth: AuthResponse, query = '') =>
    (await server.request<BlockedUserPage>('GET', `/api/blocks${query}`, as(auth))).body;
  /** A vibe a second after the last one: "newest first" is the server clock's order. */
  const vibe = (from: AuthResponse, to: AuthResponse) => {
    server.clock.advance({ seconds: 1 });
    return server.request<ApiErrorBody>('POST', '/api/vibes', {
      ...as(from),
      body: { targetUserId: to.user.id, vibeReason: 'inspired' },
    });
  };
  const profile = async (viewer: AuthResponse, of: AuthResponse) =>
    (await server.request<PublicUser>('GET', `/api/users/${of.user.id}`, as(viewer))).body;
  const stats = async (auth: AuthResponse) =>
    (await server.request<User>('GET', '/api/users/me', as(auth))).body.stats;
  const people = async (n: number) =>
    Promise.all(Array.from({ length: n }, async () => (await registerFounder(server)).auth));
  const mutual = async (a: AuthResponse, b: AuthResponse) => {
    expect((await vibe(a, b)).status).toBe(201);
    expect((await vibe(b, a)).status).toBe(201);
  };

  it('blocks, lists newest first a page at a time, and unblocks; both are idempotent', async () => {
    const [me, first, second] = await people(3);
    expect((await block(me!, first!.user.id)).status).toBe(204);
    server.clock.advance({ seconds: 5 });
    expect((await block(me!, second!.user.id)).status).toBe(204);
    // Blocking again changes nothing.
    expect((await block(me!, second!.user.id)).status).toBe(204);

    const all = await blocked(me!);
    expect(all.items.map((b) => b.user.username)).toEqual([
      second!.user.username,
      first!.user.username,
    ]);
    expect(all.items[0]!.user).toEqual({
      id: second!.user.id,
      username: second!.user.username,
      displayName: second!.user.displayName,
      profilePictureUrl: null,
      isFounder: true,
    });
    expect(all.items[0]!.since).toBe(server.clock.now().toISOString());
    const page1 = await blocked(me!, '?limit=1');
    expect(page1.items.map((b) => b.user.id)).toEqual([second!.user.id]);
    const page2 = await blocked(me!, `?limit=1&cursor=${page1.nextCursor}`);
    expect(page2.items.map((b) => b.user.id)).toEqual([first!.user.id]);
    expect(page2.nextCursor).toBeNull();
    // Only the blocker's list holds it.
    expect((await blocked(first!)).items).toEqual([]);

    expect((await unblock(me!, second!.user.id)).status).toBe(204);
    expect((await unblock(me!, second!.user.id)).status).toBe(204);
    expect((await blocked(me!)).items.map((b) => b.user.id)).toEqual([first!.user.id]);
  });

  it('refuses blocking oneself, an unknown person and a bad id with clear messages', async () => {
    const [me] = await people(1);
    const self = await block(me!, me!.user.id);
    expect(self.status).toBe(400);
    expect(self.body.message).toBe("You can't block yourself");
    const unknown = await block(me!, '00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('User not found');
    expect((await unblock(me!, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const bad = await block(me!, 'nope');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('id: Not a valid user id');
  });

  it('a replayed Idempotency-Key answers the same and blocks once', async () => {
    const [me, other] = await people(2);
    const headers = { 'idempotency-key': 'block-once' };
    expect((await block(me!, other!.user.id, headers)).status).toBe(204);
    expect((await block(me!, other!.user.id, headers)).status).toBe(204);
    expect((await blocked(me!)).items.map((b) => b.user.id)).toEqual([other!.user.id]);
  });

  it('ends vibing both ways with the counts corrected, and neither can vibe the other', async () => {
    const [a, b, c] = await people(3);
    await mutual(a!, b!);
    await mutual(a!, c!);
    expect(await stats(a!)).toMatchObject({ totalVibers: 2, totalVibingWith: 2 });

    expect((await block(a!, b!.user.id)).status).toBe(204);
    expect(await stats(a!)).toMatchObject({ totalVibers: 1, totalVibingWith: 1 });
    expect(await stats(b!)).toMatchObject({ totalVibers: 0, totalVibingWith: 0 });
    const vibersOfA = await server.request<ViberList>('GET', '/api/vibes/vibers', as(a!));
    expect(vibersOfA.body.items.map((v) => v.user.id)).toEqual([c!.user.id]);
    const vibingOfB = await server.request<VibingWithList>('GET', '/api/vibes/vibing', as(b!));
    expect(vibingOfB.body.items).toEqual([]);

    for (const [from, to] of [
      [a!, b!],
      [b!, a!],
    ] as const) {
      const refused = await vibe(from, to);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe("You can't send a vibe to this person");
    }
    // A refused vibe counts nothing.
    expect(await stats(b!)).toMatchObject({ totalVibes: 1, totalVibers: 0 });

    // Unblocking restores no vibing, but vibes may start it again.
    expect((await unblock(a!, b!.user.id)).status).toBe(204);
    expect(await stats(b!)).toMatchObject({ totalVibers: 0, totalVibingWith: 0 });
    expect((await vibe(b!, a!)).status).toBe(201);
    expect(await stats(a!)).toMatchObject({ totalVibers: 2 });
  });

  it('hides the profile content both ways, keeping the name', async () => {
    const [a, b] = await people(2);
    const { interests } = (await server.request<InterestsResponse>('GET', '/api/interests', as(b!)))
      .body;
    const ids = interests.slice(0, 3).map((i) => i.id);
    for (const person of [a!, b!]) {
      await server.request('PATCH', '/api/users/me/profile', {
        ...as(person),
        body: { bio: 'Running every morning' },
      });
      await server.request('PUT', '/api/users/me/interests', { ...as(person), body: { ids } });
    }
    await mutual(a!, b!);
    const before = await profile(a!, b!);
    expect(before.bio).toBe('Running every morning');
    expect(before.interests).toHaveLength(3);
    expect(before.stats?.totalVibers).toBe(1);

    expect((await block(a!, b!.user.id)).status).toBe(204);
    const seenByBlocker = await profile(a!, b!);
    const seenByBlocked = await profile(b!, a!);
    for (const seen of [seenByBlocker, seenByBlocked]) {
      expect(seen).toMatchObject({ bio: '', interests: [], voiceIntro: null });
      expect(seen.profile.badges).toEqual([]);
      expect(seen.stats && Object.values(seen.stats).every((n) => n === 0)).toBe(true);
    }
    expect(seenByBlocker).toMatchObject({
      username: b!.user.username,
      displayName: b!.user.displayName,
      viewer: { blockedByYou: true, blocksYou: false, vibingWith: false, vibesWithYou: false },
    });
    expect(seenByBlocked.viewer).toMatchObject({ blockedByYou: false, blocksYou: true });
    // One's own profile is untouched.
    expect((await server.request<User>('GET', '/api/users/me', as(b!))).body.bio).toBe(
      'Running every morning',
    );

    await unblock(a!, b!.user.id);
    expect((await profile(b!, a!)).bio).toBe('Running every morning');
  });

  it("hides each other's quests and activity both ways; they cannot be joined", async () => {
    const [a, b] = await people(2);
    // The free tier holds one active quest each.
    const secret = await createQuest(server, b!, { visibility: 'vibers', allowOthersToJoin: true });
    const ofA = await createQuest(server, a!, { allowOthersToJoin: true });
    await mutual(a!, b!);
    await server.request('POST', `/api/quests/${secret.id}/check-ins`, { ...as(b!), body: {} });
    const questsOfB = async () =>
      (await server.request<UserQuestList>('GET', `/api/users/${b!.user.id}/quests`, as(a!))).body
        .items;
    expect((await questsOfB()).map((q) => q.id)).toEqual([secret.id]);
    const activity = async (viewer: AuthResponse) =>
      (await server.request<ActivityList>('GET', '/api/activity', as(viewer))).body.items;
    expect((await activity(a!)).map((i) => i.quest.id)).toEqual([secret.id]);

    expect((await block(b!, a!.user.id)).status).toBe(204);
    expect(await questsOfB()).toEqual([]);
    // A public quest too: the block hides it, not only the ended vibing.
    const questsOfA = await server.request<UserQuestList>(
      'GET',
      `/api/users/${a!.user.id}/quests`,
      as(b!),
    );
    expect(questsOfA.body.items).toEqual([]);
    expect(await activity(a!)).toEqual([]);
    for (const [viewer, quest] of [
      [a!, secret],
      [b!, ofA],
    ] as const) {
      expect((await server.request('GET', `/api/quests/${quest.id}`, as(viewer))).status).toBe(404);
      const join = await server.request<ApiErrorBody>(
        'POST',
        `/api/quests/${quest.id}/join`,
        as(viewer),
      );
      expect(join.status).toBe(404);
      expect(join.body.message).toBe('Quest not found');
    }
  });

  it('someone already on a quest keeps it after a block', async () => {
    const [owner, member] = await people(2);
    const quest = await createQuest(server, owner!, { allowOthersToJoin: true });
    expect((await server.request('POST', `/api/quests/${quest.id}/join`, as(member!))).status).toBe(
      200,
    );
    await block(owner!, member!.user.id);
    expect((await server.request('GET', `/api/quests/${quest.id}`, as(member!))).status).toBe(200);
  });

  it('leaves vibes of people blocked either way out of the vibe lists', async () => {
    const [a, b, c] = await people(3);
    await mutual(a!, b!);
    await mutual(a!, c!);
    const list = async (auth: AuthResponse, which: 'received' | 'sent') =>
      (await server.request<VibeEntryPage>('GET', `/api/vibes/${which}`, as(auth))).body.items.map(
        (v) => v.user.id,
      );
    expect(await list(a!, 'received')).toEqual([c!.user.id, b!.user.id]);
    await block(b!, a!.user.id);
    expect(await list(a!, 'received')).toEqual([c!.user.id]);
    expect(await list(a!, 'sent')).toEqual([c!.user.id]);
    expect(await list(b!, 'received')).toEqual([]);
    expect(await list(b!, 'sent')).toEqual([]);
  });
});

describe('the limit on blocking', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('60 blocks an hour per account, then 429; a refused block costs nothing', async () => {
    const { auth: me } = await registerFounder(server);
    const { auth: other } = await registerFounder(server);
    const put = (to: string) =>
      server.request<ApiErrorBody>('PUT', `/api/users/${to}/block`, {
        token: me.tokens.accessToken,
      });
    expect((await put(me.user.id)).status).toBe(400);
    for (let i = 0; i < 60; i++) expect((await put(other.user.id)).status, `block ${i}`).toBe(204);
    const refused = await put(other.user.id);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
