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
import { registerFounder, registerReferred } from '../../../../test/support/people.js';
import { createQuest } from '../../../../test/support/quests.js';
import { startTestServer, type TestServer } from '../../../../test/support/test-server.js';

describe('shared quests', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_FACTOR: '20' });
  });
  afterAll(() => server.close());

  const as = (auth: AuthResponse) => ({ token: auth.tokens.accessToken });
  const counts = async (auth: AuthResponse) =>
    (await server.request<UnreadCounts>('GET', '/api/notifications/unread-counts', as(auth))).body;

  it('join, request, accept and decline, with the owner’s request count', async () => {
    const { auth: owner } = await registerFounder(server);
    const { auth: asker } = await registerFounder(server);
    const { auth: other } = await registerFounder(server);
    const quest = await createQuest(server, owner, {
      allowOthersToJoin: true,
      requiresApproval: true,
    });

    const asked = await server.request<JoinQuestResponse>(
      'POST',
      `/api/quests/${quest.id}/join`,
      as(asker),
    );
    expect(asked.body.status).toBe('requested');
    expect(asked.body.quest.viewer).toMatchObject({ role: null, requestStatus: 'pending' });
    await server.request('POST', `/api/quests/${quest.id}/join`, as(other));
    expect((await counts(owner)).unreadQuestRequests).toBe(2);

    const pending = await server.request<QuestRequestList>('GET', '/api/quest-requests', as(owner));
    expect(pending.body.items.map((r) => r.user.id).sort()).toEqual(
      [asker.user.id, other.user.id].sort(),
    );
    const forAsker = pending.body.items.find((r) => r.user.id === asker.user.id)!;
    const forOther = pending.body.items.find((r) => r.user.id === other.user.id)!;

    expect(
      (await server.request('POST', `/api/quest-requests/${forAsker.id}/accept`, as(asker))).status,
    ).toBe(404);
    const accepted = await server.request<QuestRequest>(
      'POST',
      `/api/quest-requests/${forAsker.id}/accept`,
      as(owner),
    );
    expect(accepted.body.status).toBe('accepted');
    const declined = await server.request<QuestRequest>(
      'POST',
      `/api/quest-requests/${forOther.id}/decline`,
      as(owner),
    );
    expect(declined.body.status).toBe('declined');
    expect(
      (await server.request('POST', `/api/quest-requests/${forOther.id}/accept`, as(owner))).status,
    ).toBe(409);
    expect((await counts(owner)).unreadQuestRequests).toBe(0);

    const mine = await server.request<SharedQuest>(
      'GET',
      `/api/shared-quests/${quest.id}`,
      as(asker),
    );
    expect(mine.body.viewer?.role).toBe('member');
    const theirs = await server.request<SharedQuest>(
      'GET',
      `/api/shared-quests/${quest.id}`,
      as(other),
    );
    expect(theirs.body.viewer).toMatchObject({ role: null, requestStatus: 'declined' });

    // Each participant keeps their own check-ins and streak.
    await server.request('POST', `/api/quests/${quest.id}/check-ins`, { ...as(asker), body: {} });
    const board = await server.request<QuestLeaderboard>(
      'GET',
      `/api/quests/${quest.id}/leaderboard`,
      as(owner),
    );
    expect(
      board.body.participants.map((p) => [p.user.id, p.currentStreak, p.checkedInToday]),
    ).toEqual([
      [asker.user.id, 1, true],
      [owner.user.id, 0, false],
    ]);
  });

  it('joins an open quest at once, refuses when full, and lets a member leave', async () => {
    const { auth: owner } = await registerFounder(server);
    const { auth: first } = await registerFounder(server);
    const { auth: late } = await registerFounder(server);
    const quest = await createQuest(server, owner, {
      allowOthersToJoin: true,
      participantLimit: 2,
    });
    const joined = await server.request<JoinQuestResponse>(
      'POST',
      `/api/quests/${quest.id}/join`,
      as(first),
    );
    expect(joined.body.status).toBe('joined');
    expect(joined.body.quest.participantCount).toBe(2);

    const full = await server.request<ApiErrorBody>(
      'POST',
      `/api/quests/${quest.id}/join`,
      as(late),
    );
    expect(full.status).toBe(409);
    expect(full.body.message).toBe('This quest is full (2 of 2 people)');

    expect((await server.request('POST', `/api/quests/${quest.id}/leave`, as(first))).status).toBe(
      204,
    );
    expect(
      (await server.request<JoinQuestResponse>('POST', `/api/quests/${quest.id}/join`, as(late)))
        .body.status,
    ).toBe('joined');
    expect(
      (await server.request<ApiErrorBody>('POST', `/api/quests/${quest.id}/leave`, as(owner)))
        .status,
    ).toBe(400);
  });

  it('a joined quest counts toward the joiner’s limit', async () => {
    const { auth: owner } = await registerFounder(server);
    const { auth: busy } = await registerFounder(server);
    await createQuest(server, busy);
    const quest = await createQuest(server, owner, { allowOthersToJoin: true });
    const res = await server.request<ApiErrorBody>(
      'POST',
      `/api/quests/${quest.id}/join`,
      as(busy),
    );
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/You can have 1 active quest/);
  });

  it('refuses to join a quest that is not open', async () => {
    const { auth: owner } = await registerFounder(server);
    const { auth: other } = await registerFounder(server);
    const quest = await createQuest(server, owner, { allowOthersToJoin: false });
    expect((await server.request('POST', `/api/quests/${quest.id}/join`, as(other))).status).toBe(
      403,
    );
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
    await server.request('POST', '/api/vibes', {
      ...as(fan),
      body: { targetUserId: star.user.id, vibeReason: 'inspired' },
    });
    await server.request('POST', `/api/quests/${starQuest.id}/check-ins`, {
      ...as(star),
      body: {},
    });
    await server.request('POST', `/api/quests/${strangerQuest.id}/check-ins`, {
      ...as(stranger),
      body: {},
    });

    const feed = await server.request<ActivityList>('GET', '/api/activity', as(fan));
    expect(feed.body.items.map((i) => [i.user.id, i.quest.id])).toEqual([
      [star.user.id, starQuest.id],
    ]);
    const own = await server.request<ActivityList>('GET', '/api/activity?limit=1', as(star));
    expect(own.body.items).toHaveLength(1);
    expect(own.body.nextCursor).toBeNull();
  });
});

describe('review fixes', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_FACTOR: '20' });
  });
  afterAll(() => server.close());
  const as = (auth: AuthResponse) => ({ token: auth.tokens.accessToken });

  it('keeps a vibers quest out of /activity for someone who does not vibe with its owner', async () => {
    const { auth: owner } = await registerFounder(server);
    const { auth: member } = await registerFounder(server);
    const { auth: watcher } = await registerFounder(server);
    const quest = await createQuest(server, owner, {
      visibility: 'vibers',
      allowOthersToJoin: true,
    });
    await server.request('POST', '/api/vibes', {
      ...as(member),
      body: { targetUserId: owner.user.id, vibeReason: 'proud' },
    });
    await server.request('POST', `/api/quests/${quest.id}/join`, as(member));
    await server.request('POST', `/api/quests/${quest.id}/check-ins`, { ...as(member), body: {} });
    await server.request('POST', '/api/vibes', {
      ...as(watcher),
      body: { targetUserId: member.user.id, vibeReason: 'proud' },
    });
    const feed = await server.request<ActivityList>('GET', '/api/activity', as(watcher));
    expect(feed.body.items).toEqual([]);
  });

  it('an Idempotency-Key replays only the very same request', async () => {
    const { auth: a } = await registerFounder(server);
    const { auth: b } = await registerFounder(server);
    const { auth: c } = await registerFounder(server);
    const send = (target: AuthResponse) =>
      server.request<ApiErrorBody>('POST', '/api/vibes', {
        ...as(a),
        headers: { 'idempotency-key': 'same-key' },
        body: { targetUserId: target.user.id, vibeReason: 'proud' },
      });
    expect((await send(b)).status).toBe(201);
    const other = await send(c);
    expect(other.status).toBe(422);
    expect(other.body.message).toBe('Idempotency-Key was already used for a different request');
  });

  it('answers 400, not 500, to a forged cursor or an impossible date', async () => {
    const { auth } = await registerFounder(server);
    const forged = Buffer.from('2020-01-01T00:00:00Z|notauuid').toString('base64url');
    for (const path of ['/api/quests', '/api/activity', '/api/quest-requests']) {
      expect((await server.request('GET', `${path}?cursor=${forged}`, as(auth))).status, path).toBe(
        400,
      );
    }
    const bad = await server.request<ApiErrorBody>('POST', '/api/users/me/rest-days', {
      ...as(auth),
      body: { day: '2026-11-31' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]).toEqual({ field: 'day', message: 'Not a real date' });
  });

  it('does not show a calendar of someone who is not on the quest', async () => {
    const { auth: owner } = await registerFounder(server);
    const { auth: outsider } = await registerFounder(server);
    const quest = await createQuest(server, owner);
    const res = await server.request(
      'GET',
      `/api/quests/${quest.id}/calendar?userId=${outsider.user.id}`,
      as(owner),
    );
    expect(res.status).toBe(404);
  });

  it('asking again while pending does not ping the owner twice; joining closes the request', async () => {
    const { auth: owner } = await registerFounder(server);
    const { auth: asker } = await registerFounder(server);
    const quest = await createQuest(server, owner, {
      allowOthersToJoin: true,
      requiresApproval: true,
    });
    await server.request('POST', `/api/quests/${quest.id}/join`, as(asker));
    await server.request('POST', `/api/quests/${quest.id}/join`, as(asker));
    const n = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND type = 'quest_request'`,
      [owner.user.id],
    );
    expect(n[0]!.n).toBe(1);
    await server.request('PATCH', `/api/quests/${quest.id}`, {
      ...as(owner),
      body: { requiresApproval: false },
    });
    expect(
      (await server.request<JoinQuestResponse>('POST', `/api/quests/${quest.id}/join`, as(asker)))
        .body.status,
    ).toBe('joined');
    const counts = await server.request<UnreadCounts>(
      'GET',
      '/api/notifications/unread-counts',
      as(owner),
    );
    expect(counts.body.unreadQuestRequests).toBe(0);
  });

  it('refuses a vibe reason outside the list', async () => {
    const { auth: a } = await registerFounder(server);
    const { auth: b } = await registerFounder(server);
    const res = await server.request<ApiErrorBody>('POST', '/api/vibes', {
      ...as(a),
      body: { targetUserId: b.user.id, vibeReason: 'meh' },
    });
    expect(res.status).toBe(400);
  });
});
