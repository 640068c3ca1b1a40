import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ActivityList,
  ApiErrorBody,
  AuthResponse,
  JoinQuestResponse,
  QuestLeaderboard,
  QuestRequest,
  QuestRequestList,
  SharedQuest,
  UnreadCounts,
} from '@doers/contract';
import { registerFounder, registerReferred } from './support/people.js';
import { createQuest } from './support/quests.js';
import { startTestServer, type TestServer } from './support/test-server.js';

describe('shared quests', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_FACTOR: '20' });
  });
  afterAll(() => server.close());

  const as = (auth: AuthResponse) => ({ token: auth.tokens.accessToken });
  const counts = async (auth: AuthResponse) => (await server.request<UnreadCounts>('GET', '/api/notifications/unread-counts', as(auth))).body;

  it('join, request, accept and decline, with the owner’s request count', async () => {
    const { auth: owner } = await registerFounder(server);
    const { auth: asker } = await registerFounder(server);
    const { auth: other } = await registerFounder(server);
    const quest = await createQuest(server, owner, { allowOthersToJoin: true, requiresApproval: true });

    const asked = await server.request<JoinQuestResponse>('POST', `/api/quests/${quest.id}/join`, as(asker));
    expect(asked.body.status).toBe('requested');
    expect(asked.body.quest.viewer).toMatchObject({ role: null, requestStatus: 'pending' });
    await server.request('POST', `/api/quests/${quest.id}/join`, as(other));
    expect((await counts(owner)).unreadQuestRequests).toBe(2);

    const pending = await server.request<QuestRequestList>('GET', '/api/quest-requests', as(owner));
    expect(pending.body.items.map((r) => r.user.id).sort()).toEqual([asker.user.id, other.user.id].sort());
    const forAsker = pending.body.items.find((r) => r.user.id === asker.user.id)!;
    const forOther = pending.body.items.find((r) => r.user.id === other.user.id)!;

    expect((await server.request('POST', `/api/quest-requests/${forAsker.id}/accept`, as(asker))).status).toBe(404);
    const accepted = await server.request<QuestRequest>('POST', `/api/quest-requests/${forAsker.id}/accept`, as(owner));
    expect(accepted.body.status).toBe('accepted');
    const declined = await server.request<QuestRequest>('POST', `/api/quest-requests/${forOther.id}/decline`, as(owner));
    expect(declined.body.status).toBe('declined');
    expect((await server.request('POST', `/api/quest-requests/${forOther.id}/accept`, as(owner))).status).toBe(409);
    expect((await counts(owner)).unreadQuestRequests).toBe(0);

    const mine = await server.request<SharedQuest>('GET', `/api/shared-quests/${quest.id}`, as(asker));
    expect(mine.body.viewer?.role).toBe('member');
    const theirs = await server.request<SharedQuest>('GET', `/api/shared-quests/${quest.id}`, as(other));
    expect(theirs.body.viewer).toMatchObject({ role: null, requestStatus: 'declined' });

    // Each participant keeps their own check-ins and streak.
    await server.request('POST', `/api/quests/${quest.id}/check-ins`, { ...as(asker), body: {} });
    const board = await server.request<QuestLeaderboard>('GET', `/api/quests/${quest.id}/leaderboard`, as(owner));
    expect(board.body.participants.map((p) => [p.user.id, p.currentStreak, p.checkedInToday])).toEqual([
      [asker.user.id, 1, true],
      [owner.user.id, 0, false],
    ]);
  });

  it('joins an open quest at once, refuses when full, and lets a member leave', async () => {
    const { auth: owner } = await registerFounder(server);
    const { auth: first } = await registerFounder(server);
    const { auth: late } = await registerFounder(server);
    const quest = await createQuest(server, owner, { allowOthersToJoin: true, participantLimit: 2 });
    const joined = await server.request<JoinQuestResponse>('POST', `/api/quests/${quest.id}/join`, as(first));
    expect(joined.body.status).toBe('joined');
    expect(joined.body.quest.participantCount).toBe(2);

    const full = await server.request<ApiErrorBody>('POST', `/api/quests/${quest.id}/join`, as(late));
    expect(full.status).toBe(409);
    expect(full.body.message).toBe('This quest is full (2 of 2 people)');

    expect((await server.request('POST', `/api/quests/${quest.id}/leave`, as(first))).status).toBe(204);
    expect((await server.request<JoinQuestResponse>('POST', `/api/quests/${quest.id}/join`, as(late))).body.status).toBe('joined');
    expect((await server.request<ApiErrorBody>('POST', `/api/quests/${quest.id}/leave`, as(owner))).status).toBe(400);
  });

  it('a joined quest counts toward the joiner’s limit', async () => {
    const { auth: owner } = await registerFounder(server);
    const { auth: busy } = await registerFounder(server);
    await createQuest(server, busy);
    const quest = await createQuest(server, owner, { allowOthersToJoin: true });
    const res = await server.request<ApiErrorBody>('POST', `/api/quests/${quest.id}/join`, as(busy));
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/You can have 1 active quest/);
  });

  it('refuses to join a quest that is not open', async () => {
    const { auth: owner } = await registerFounder(server);
    const { auth: other } = await registerFounder(server);
    const quest = await createQuest(server, owner, { allowOthersToJoin: false });
    expect((await server.request('POST', `/api/quests/${quest.id}/join`, as(other))).status).toBe(403);
  });

  it('opens a public shared quest to a signed-out visitor', async () => {
    const { auth: owner } = await registerFounder(server);
    const quest = await createQuest(server, owner, { allowOthersToJoin: true });
    const res = await server.request<SharedQuest>('GET', `/api/shared-quests/${quest.id}`);
    expect(res.status).toBe(200);
    expect(res.body.signedIn).toBe(false);
    expect(res.body.viewer).toBeNull();
    expect(res.body.quest.owner.username).toBe(owner.user.username);
    expect(res.body.participants).toHaveLength(1);
    expect(JSON.stringify(res.body)).not.toContain(owner.user.email);
  });

  it('shows my check-ins and those of people I vibe with in /activity', async () => {
    const { auth: star } = await registerFounder(server);
    const { auth: fan } = await registerReferred(server, star.user.referralCode);
    const { auth: stranger } = await registerFounder(server);
    const starQuest = await createQuest(server, star);
    const strangerQuest = await createQuest(server, stranger);
    await server.request('POST', '/api/vibes', { ...as(fan), body: { targetUserId: star.user.id, vibeReason: 'inspired' } });
    await server.request('POST', `/api/quests/${starQuest.id}/check-ins`, { ...as(star), body: {} });
    await server.request('POST', `/api/quests/${strangerQuest.id}/check-ins`, { ...as(stranger), body: {} });

    const feed = await server.request<ActivityList>('GET', '/api/activity', as(fan));
    expect(feed.body.items.map((i) => [i.user.id, i.quest.id])).toEqual([[star.user.id, starQuest.id]]);
    const own = await server.request<ActivityList>('GET', '/api/activity?limit=1', as(star));
    expect(own.body.items).toHaveLength(1);
    expect(own.body.nextCursor).toBeNull();
  });
});
