import type {
  ApiErrorBody,
  AuthResponse,
  InterestsResponse,
  PostPage,
  PrivacySettings,
  PublicUser,
  QuestCalendar,
  User,
  UserQuestList,
} from '@doers/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postsKit } from '../../../../test/support/posts.js';
import { createQuest } from '../../../../test/support/quests.js';
import { startTestServer, type TestServer } from '../../../../test/support/test-server.js';

/** Private profile and "Show my stats" (docs/product/profiles.md#privacy). */
let server: TestServer;
let kit: ReturnType<typeof postsKit>;

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_FACTOR: '20' });
  kit = postsKit(server);
});
afterAll(() => server.close());

const privacyOf = (auth: AuthResponse) =>
  kit.call<PrivacySettings>('GET', '/users/me/privacy', auth);
const savePrivacy = (auth: AuthResponse, body: unknown) =>
  kit.call<PrivacySettings>('PATCH', '/users/me/privacy', auth, body);
const profileAs = async (viewer: AuthResponse, of: AuthResponse) => {
  const res = await kit.call<PublicUser>('GET', `/users/${of.user.id}`, viewer);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

/** A person with something to hide: a bio, interests, a check-in and posts of both kinds. */
async function personWithAProfile() {
  const me = await kit.person();
  const bio = await kit.call('PATCH', '/users/me/profile', me, {
    bio: 'Early runs, late sketches',
  });
  expect(bio.status).toBe(200);
  const all = await kit.call<InterestsResponse>('GET', '/interests', me);
  const ids = all.body.interests.slice(0, 3).map((i) => i.id);
  expect((await kit.call('PUT', '/users/me/interests', me, { ids })).status).toBe(200);
  const quest = await createQuest(server, me, { allowOthersToJoin: true });
  const checkIn = await kit.call('POST', `/quests/${quest.id}/check-ins`, me, {});
  expect(checkIn.status, JSON.stringify(checkIn.body)).toBe(201);
  const publicPost = await kit.post(me);
  const vibersPost = await kit.post(me, { visibility: 'vibers' });
  return { me, quest, publicPost, vibersPost };
}

function expectLimited(seen: PublicUser, of: AuthResponse) {
  expect(seen).toMatchObject({
    id: of.user.id,
    username: of.user.username,
    displayName: of.user.displayName,
    isPrivate: true,
    bio: '',
    interests: [],
    voiceIntro: null,
    stats: null,
    invitedBy: null,
    profile: { badges: [], isGOAT: false },
  });
}

function expectWhole(seen: PublicUser) {
  expect(seen).toMatchObject({ isPrivate: false, bio: 'Early runs, late sketches' });
  expect(seen.interests).toHaveLength(3);
  expect(seen.profile.badges).toContain('founder');
  expect(seen.stats).toMatchObject({ totalCheckIns: 1, currentStreak: 1 });
}

describe('privacy settings', () => {
  it('start with a public profile and stats shown, and change one at a time', async () => {
    const me = await kit.person();
    expect((await privacyOf(me)).body).toEqual({ privateProfile: false, showStats: true });

    const saved = await savePrivacy(me, { privateProfile: true });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toEqual({ privateProfile: true, showStats: true });
    expect((await savePrivacy(me, { showStats: false })).body).toEqual({
      privateProfile: true,
      showStats: false,
    });
    expect((await privacyOf(me)).body).toEqual({ privateProfile: true, showStats: false });
    // Somebody else's settings are their own.
    expect((await privacyOf(await kit.person())).body).toEqual({
      privateProfile: false,
      showStats: true,
    });
  });

  it.each([
    [{ privateProfile: 'yes' }, 'privateProfile: privateProfile must be true or false'],
    [{ showStats: null }, 'showStats: showStats must be true or false'],
    [{}, 'Give privateProfile or showStats to change'],
    [{ hideBio: true }, 'Not a privacy setting: hideBio (use privateProfile or showStats)'],
  ])('refuses %j with a clear message', async (body, message) => {
    const me = await kit.person();
    const res = await savePrivacy(me, body);
    expect(res.status).toBe(400);
    expect((res.body as unknown as ApiErrorBody).message).toBe(message);
    expect((await privacyOf(me)).body).toEqual({ privateProfile: false, showStats: true });
  });

  it('are only for the signed-in person', async () => {
    const res = await server.request('GET', '/api/users/me/privacy');
    expect(res.status).toBe(401);
  });
});

describe('a private profile', () => {
  it('shows a stranger and a one-way viber only the name, picture and public things', async () => {
    const { me, quest, publicPost, vibersPost } = await personWithAProfile();
    const stranger = await kit.person();
    const fan = await kit.person();
    await kit.vibe(fan, me);
    expect((await savePrivacy(me, { privateProfile: true })).status).toBe(200);

    for (const viewer of [stranger, fan]) {
      expectLimited(await profileAs(viewer, me), me);
      // What is shared publicly stays visible: the public quest and the public post.
      const quests = await kit.call<UserQuestList>('GET', `/users/${me.user.id}/quests`, viewer);
      expect(quests.body.items.map((q) => q.id)).toEqual([quest.id]);
      const posts = await kit.call<PostPage>('GET', `/users/${me.user.id}/posts`, viewer);
      expect(posts.body.items.map((p) => p.id)).toEqual([publicPost.id]);
    }
    // Sending a vibe never unlocks it: the fan still does not vibe mutually.
    expect((await profileAs(fan, me)).viewer).toMatchObject({
      vibingWith: true,
      vibesWithYou: false,
    });
    expect(vibersPost.visibility).toBe('vibers');
  });

  it('is whole to a mutual viber and to its owner, and again to everyone once public', async () => {
    const { me } = await personWithAProfile();
    const friend = await kit.person();
    const stranger = await kit.person();
    await kit.mutual(me, friend);
    await savePrivacy(me, { privateProfile: true });

    expectWhole(await profileAs(friend, me));
    expectWhole(await profileAs(me, me));
    const own = await kit.call<User>('GET', '/users/me', me);
    expectWhole(own.body);

    // Stopping vibing back ends the mutual rule at once.
    expect((await kit.call('DELETE', `/vibes/vibing/${friend.user.id}`, me)).status).toBe(204);
    expectLimited(await profileAs(friend, me), me);

    await savePrivacy(me, { privateProfile: false });
    expectWhole(await profileAs(stranger, me));
  });
});

describe('show my stats', () => {
  it('when off, nobody else sees the figures, mutual vibers included; the rest stays', async () => {
    const { me } = await personWithAProfile();
    const friend = await kit.person();
    const stranger = await kit.person();
    await kit.mutual(me, friend);
    await savePrivacy(me, { showStats: false });

    for (const viewer of [friend, stranger]) {
      const seen = await profileAs(viewer, me);
      expect(seen).toMatchObject({ isPrivate: false, bio: 'Early runs, late sketches' });
      expect(seen.stats).toBeNull();
    }
    expect((await kit.call<User>('GET', '/users/me', me)).body.stats).toMatchObject({
      totalCheckIns: 1,
    });
    // Their own stats page stays theirs.
    expect((await kit.call('GET', '/stats', me)).status).toBe(200);

    await savePrivacy(me, { showStats: true });
    expect((await profileAs(stranger, me)).stats).toMatchObject({ totalCheckIns: 1 });
  });

  it('when off, keeps my check-in calendar of a shared quest from the others on it', async () => {
    const { me, quest } = await personWithAProfile();
    const partner = await kit.person();
    expect((await kit.call('POST', `/quests/${quest.id}/join`, partner)).status).toBe(200);
    const calendarOf = (viewer: AuthResponse) =>
      kit.call<QuestCalendar>('GET', `/quests/${quest.id}/calendar?userId=${me.user.id}`, viewer);
    expect((await calendarOf(partner)).status).toBe(200);

    await savePrivacy(me, { showStats: false });
    const refused = await calendarOf(partner);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('This person keeps their check-in calendar to themselves');
    const mine = await calendarOf(me);
    expect(mine.status).toBe(200);
    expect(mine.body.days.filter((d) => d.checkedIn)).toHaveLength(1);
  });
});
