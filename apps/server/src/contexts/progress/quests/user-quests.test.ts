import type { ApiErrorBody, AuthResponse, PublicUser, User, UserQuestList } from '@doers/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  as,
  registerFounder,
  statsOf,
  vibe as vibePerson,
} from '../../../../test/support/people.js';
import { createQuest } from '../../../../test/support/quests.js';
import { startTestServer, type TestServer } from '../../../../test/support/test-server.js';

/** Stopping vibing with someone, and the quests of another person seen on their profile. */
describe('stop vibing, and GET /users/:id/quests', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_FACTOR: '20' });
  });
  afterAll(() => server.close());

  const vibe = (from: AuthResponse, to: AuthResponse) => vibePerson(server, from, to);
  const questsOf = (viewer: AuthResponse, owner: AuthResponse, query = '') =>
    server.request<UserQuestList>('GET', `/api/users/${owner.user.id}/quests${query}`, as(viewer));
  const questIdsOf = async (viewer: AuthResponse, owner: AuthResponse, query = '') => {
    const res = await questsOf(viewer, owner, query);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.items.map((q) => q.id);
  };
  const profile = async (viewer: AuthResponse, person: AuthResponse) =>
    (await server.request<PublicUser>('GET', `/api/users/${person.user.id}`, as(viewer))).body;
  const stats = (auth: AuthResponse) => statsOf(server, auth);

  it('stopping vibing updates both counts and hides their vibers-only quest from me', async () => {
    const { auth: owner } = await registerFounder(server);
    const { auth: fan } = await registerFounder(server);
    const quest = await createQuest(server, owner, { visibility: 'vibers' });
    await vibe(fan, owner);
    expect(await questIdsOf(fan, owner)).toEqual([]);
    expect((await profile(fan, owner)).viewer).toMatchObject({
      vibingWith: true,
      vibesWithYou: false,
    });

    await vibe(owner, fan);
    expect(await questIdsOf(fan, owner)).toEqual([quest.id]);
    expect((await profile(fan, owner)).viewer).toMatchObject({
      vibingWith: true,
      vibesWithYou: true,
    });
    expect((await profile(owner, fan)).viewer).toMatchObject({
      vibingWith: true,
      vibesWithYou: true,
    });
    expect((await server.request<User>('GET', '/api/users/me', as(fan))).body.viewer).toBeNull();
    expect(await stats(fan)).toMatchObject({ totalVibers: 1, totalVibingWith: 1 });
    expect(await stats(owner)).toMatchObject({ totalVibers: 1, totalVibingWith: 1 });

    const stopped = await server.request('DELETE', `/api/vibes/vibing/${owner.user.id}`, as(fan));
    expect(stopped.status).toBe(204);
    expect(await stats(fan)).toMatchObject({ totalVibers: 1, totalVibingWith: 0 });
    expect(await stats(owner)).toMatchObject({ totalVibers: 0, totalVibingWith: 1 });
    expect(await questIdsOf(fan, owner)).toEqual([]);
    expect((await server.request('GET', `/api/quests/${quest.id}`, as(fan))).status).toBe(404);
    expect((await profile(fan, owner)).viewer).toMatchObject({
      vibingWith: false,
      vibesWithYou: true,
    });
    // The owner still vibes with the fan: that was theirs to end, not mine.
    expect((await profile(owner, fan)).viewer).toMatchObject({
      vibingWith: true,
      vibesWithYou: false,
    });

    const again = await server.request<ApiErrorBody>(
      'DELETE',
      `/api/vibes/vibing/${owner.user.id}`,
      as(fan),
    );
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('You do not vibe with this person');
    expect(await stats(owner)).toMatchObject({ totalVibers: 0 });
    const bad = await server.request<ApiErrorBody>('DELETE', '/api/vibes/vibing/nope', as(fan));
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('userId: Not a valid user id');
    expect((await server.request('DELETE', `/api/vibes/vibing/${owner.user.id}`)).status).toBe(401);
  });

  it('never lists a private quest, even to a mutual viber; a public one to anyone', async () => {
    const { auth: secretive } = await registerFounder(server);
    const { auth: open } = await registerFounder(server);
    const { auth: friend } = await registerFounder(server);
    await createQuest(server, secretive, { visibility: 'private' });
    const shown = await createQuest(server, open, { visibility: 'public' });
    await vibe(friend, secretive);
    await vibe(secretive, friend);

    expect(await questIdsOf(friend, secretive)).toEqual([]);
    expect(await questIdsOf(secretive, secretive)).toEqual([]);
    expect(await questIdsOf(friend, open)).toEqual([shown.id]);
    const listed = await questsOf(friend, open);
    expect(listed.body.nextCursor).toBeNull();
    expect(listed.body.items[0]).toMatchObject({
      title: shown.title,
      owner: { id: open.user.id },
      visibility: 'public',
    });
    // Not active: not on the first page; asked for by status, it is.
    expect(await questIdsOf(friend, open, '?status=completed')).toEqual([]);
    expect(
      (await server.request('POST', `/api/quests/${shown.id}/complete`, as(open))).status,
    ).toBe(200);
    expect(await questIdsOf(friend, open)).toEqual([]);
    expect(await questIdsOf(friend, open, '?status=completed')).toEqual([shown.id]);
  });

  it('pages newest first, and answers 404 for nobody, 400 for a bad id, 401 signed out', async () => {
    const { auth: owner } = await registerFounder(server);
    const { auth: viewer } = await registerFounder(server);
    const first = await createQuest(server, owner, { visibility: 'public' });
    await server.request('POST', `/api/quests/${first.id}/complete`, as(owner));
    const second = await createQuest(server, owner, { visibility: 'public' });
    await server.request('POST', `/api/quests/${second.id}/complete`, as(owner));

    const page1 = await questsOf(viewer, owner, '?status=completed&limit=1');
    expect(page1.body.items.map((q) => q.id)).toEqual([second.id]);
    expect(page1.body.nextCursor).not.toBeNull();
    const page2 = await questsOf(
      viewer,
      owner,
      `?status=completed&limit=1&cursor=${encodeURIComponent(page1.body.nextCursor!)}`,
    );
    expect(page2.body.items.map((q) => q.id)).toEqual([first.id]);
    expect(page2.body.nextCursor).toBeNull();

    const nobody = await server.request<ApiErrorBody>(
      'GET',
      '/api/users/00000000-0000-4000-8000-000000000000/quests',
      as(viewer),
    );
    expect(nobody.status).toBe(404);
    expect(nobody.body.message).toBe('User not found');
    const bad = await server.request<ApiErrorBody>('GET', '/api/users/nope/quests', as(viewer));
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('id: Not a valid user id');
    expect((await server.request('GET', `/api/users/${owner.user.id}/quests`)).status).toBe(401);
  });
});
