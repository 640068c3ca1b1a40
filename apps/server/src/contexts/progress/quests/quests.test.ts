import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  quest as questSchema,
  type ApiErrorBody,
  type AuthResponse,
  type OnboardingProgress,
  type Quest,
  type QuestList,
  type QuestTemplates,
  type User,
} from '@doers/contract';
import { registerFounder, registerReferred } from '../../../../test/support/people.js';
import { createQuest, questInput } from '../../../../test/support/quests.js';
import { startTestServer, type TestServer } from '../../../../test/support/test-server.js';

describe('quests', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_FACTOR: '20' });
  });
  afterAll(() => server.close());

  const as = (auth: AuthResponse) => ({ token: auth.tokens.accessToken });
  const me = async (auth: AuthResponse) =>
    (await server.request<User>('GET', `/api/users/${auth.user.id}`, as(auth))).body;

  it('offers templates across at least eight categories, filterable', async () => {
    const all = await server.request<QuestTemplates>('GET', '/api/quests/templates');
    const categories = new Set(all.body.templates.map((t) => t.category));
    for (const c of [
      'fitness',
      'learning',
      'mindfulness',
      'creativity',
      'health',
      'career',
      'relationships',
      'finance',
    ]) {
      expect(categories.has(c as never), c).toBe(true);
    }
    expect(all.body.templates.every((t) => t.tasks.length > 0)).toBe(true);
    const finance = await server.request<QuestTemplates>(
      'GET',
      '/api/quests/templates?category=finance',
    );
    expect(finance.body.templates.length).toBeGreaterThan(0);
    expect(finance.body.templates.every((t) => t.category === 'finance')).toBe(true);
    const bad = await server.request<ApiErrorBody>(
      'GET',
      '/api/quests/templates?category=juggling',
    );
    expect(bad.status).toBe(400);
  });

  it('creates a quest with ordered tasks, completes onboarding, and counts it as active', async () => {
    const { auth } = await registerFounder(server);
    const quest = await createQuest(server, auth);
    expect(questSchema.safeParse(quest).success).toBe(true);
    expect(quest.tasks.map((t) => t.title)).toEqual(['Warm up', 'Run 3 km']);
    expect(quest.viewer).toMatchObject({ role: 'owner', checkedInToday: false, currentStreak: 0 });
    expect(quest.participantCount).toBe(1);

    const progress = await server.request<OnboardingProgress>(
      'GET',
      '/api/users/onboarding/progress',
      as(auth),
    );
    expect(progress.body.onboardingSteps.firstQuestCreated).toBe(true);
    expect((await me(auth)).stats.activeQuests).toBe(1);

    const list = await server.request<QuestList>('GET', '/api/quests?status=active', as(auth));
    expect(list.body.items.map((q) => q.id)).toEqual([quest.id]);
    expect(list.body.activeLimit).toEqual({ used: 1, max: 1 });
  });

  it('refuses the quest over limits.quests with a message that names the limit', async () => {
    const { auth } = await registerFounder(server);
    await createQuest(server, auth);
    const res = await server.request<ApiErrorBody>('POST', '/api/quests', {
      ...as(auth),
      body: questInput({ title: 'Second' }),
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      'You can have 1 active quest at a time on the free tier. Complete or leave one to start another.',
    );
  });

  it('completing a quest frees the slot and counts as completed', async () => {
    const { auth } = await registerFounder(server);
    const quest = await createQuest(server, auth);
    const done = await server.request<Quest>('POST', `/api/quests/${quest.id}/complete`, as(auth));
    expect(done.body.status).toBe('completed');
    expect((await me(auth)).stats).toMatchObject({
      activeQuests: 0,
      completedQuests: 1,
      totalCompletedQuests: 1,
    });
    await createQuest(server, auth, { title: 'Next one' });
    const completed = await server.request<QuestList>(
      'GET',
      '/api/quests?status=completed',
      as(auth),
    );
    expect(completed.body.items.map((q) => q.id)).toEqual([quest.id]);
  });

  it('validates the form with field names', async () => {
    const { auth } = await registerFounder(server);
    const res = await server.request<ApiErrorBody>('POST', '/api/quests', {
      ...as(auth),
      body: questInput({
        title: '',
        category: 'nope' as never,
        targetDays: 30,
        endDate: '2030-01-01',
      }),
    });
    expect(res.status).toBe(400);
    expect(res.body.errors?.map((e) => e.field)).toEqual(
      expect.arrayContaining(['title', 'category']),
    );
  });

  it('keeps task ids through rename and reorder, and removes dropped tasks', async () => {
    const { auth } = await registerFounder(server);
    const quest = await createQuest(server, auth);
    const [warm, run] = quest.tasks as [Quest['tasks'][0], Quest['tasks'][0]];
    const res = await server.request<Quest>('PATCH', `/api/quests/${quest.id}`, {
      ...as(auth),
      body: {
        title: 'Run every day',
        tasks: [{ id: run.id, title: 'Run 5 km' }, { title: 'Stretch' }],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.title).toBe('Run every day');
    expect(res.body.tasks.map((t) => t.title)).toEqual(['Run 5 km', 'Stretch']);
    expect(res.body.tasks[0]!.id).toBe(run.id);
    expect(res.body.tasks.some((t) => t.id === warm.id)).toBe(false);
    const unknown = await server.request<ApiErrorBody>('PATCH', `/api/quests/${quest.id}`, {
      ...as(auth),
      body: { tasks: [{ id: '00000000-0000-4000-8000-000000000000', title: 'x' }] },
    });
    expect(unknown.status).toBe(400);
  });

  it('hides private quests from others and lets only the owner edit', async () => {
    const { auth: owner } = await registerFounder(server);
    const { auth: other } = await registerFounder(server);
    const secret = await createQuest(server, owner, { visibility: 'private' });
    expect((await server.request('GET', `/api/quests/${secret.id}`, as(other))).status).toBe(404);
    expect(
      (
        await server.request('PATCH', `/api/quests/${secret.id}`, {
          ...as(other),
          body: { title: 'Mine now' },
        })
      ).status,
    ).toBe(404);
    expect((await server.request('GET', `/api/shared-quests/${secret.id}`)).status).toBe(404);
    expect(
      (
        await server.request('POST', `/api/quests/${secret.id}/check-ins`, {
          ...as(other),
          body: {},
        })
      ).status,
    ).toBe(404);

    await server.request('PATCH', `/api/quests/${secret.id}`, {
      ...as(owner),
      body: { visibility: 'public' },
    });
    expect((await server.request('GET', `/api/quests/${secret.id}`, as(other))).status).toBe(200);
    const edit = await server.request<ApiErrorBody>('PATCH', `/api/quests/${secret.id}`, {
      ...as(other),
      body: { title: 'Mine now' },
    });
    expect(edit.status).toBe(403);
    expect((await server.request('DELETE', `/api/quests/${secret.id}`, as(other))).status).toBe(
      403,
    );
    const check = await server.request<ApiErrorBody>('POST', `/api/quests/${secret.id}/check-ins`, {
      ...as(other),
      body: {},
    });
    expect(check.status).toBe(403);
    expect(check.body.message).toBe('Join this quest to check in');
  });

  it('shows a vibers-only quest to mutual vibers only: one vibe to the owner unlocks nothing', async () => {
    const { auth: owner } = await registerFounder(server);
    const { auth: fan } = await registerReferred(server, owner.user.referralCode);
    const { auth: stranger } = await registerFounder(server);
    const quest = await createQuest(server, owner, { visibility: 'vibers' });
    const vibe = (from: AuthResponse, to: AuthResponse) =>
      server.request('POST', '/api/vibes', {
        ...as(from),
        body: { targetUserId: to.user.id, vibeReason: 'inspired' },
      });
    await vibe(fan, owner);
    expect((await server.request('GET', `/api/quests/${quest.id}`, as(fan))).status).toBe(404);
    await vibe(owner, fan);
    expect((await server.request('GET', `/api/quests/${quest.id}`, as(fan))).status).toBe(200);
    // The owner vibing with someone who does not vibe back unlocks nothing either.
    await vibe(owner, stranger);
    expect((await server.request('GET', `/api/quests/${quest.id}`, as(stranger))).status).toBe(404);
  });
});
