import type {
  ApiErrorBody,
  AuditEntry,
  AuditPage,
  AuthResponse,
  ModerationQueue,
  Report,
  ReportPage,
} from '@doers/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dmsKit } from '../../../../test/support/dms.js';
import { grantModeration } from '../../../../test/support/grants.js';
import { startTestServer, type TestServer } from '../../../../test/support/test-server.js';
import { passTime } from '../../../../test/support/time.js';

describe('reports and moderation', () => {
  let server: TestServer;
  let kit: ReturnType<typeof dmsKit>;
  let moderator: AuthResponse;
  const logs: string[] = [];
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_FACTOR: '20', LOG_LEVEL: 'error' }, { logs });
    kit = dmsKit(server);
    moderator = await kit.person();
    await grantModeration(server, moderator.user.username);
  });
  afterAll(() => server.close());

  /** Each report and action a second after the last: "newest first" is the server clock's. */
  const report = (auth: AuthResponse, body: Record<string, unknown>) => {
    server.clock.advance({ seconds: 1 });
    return kit.call<Report>('POST', '/reports', auth, { category: 'harassment', ...body });
  };
  const queue = async (auth = moderator) => {
    const res = await kit.call<ModerationQueue>('GET', '/moderation/queue', auth);
    expect(res.status, JSON.stringify(res.body) + logs.join('\n')).toBe(200);
    return res.body;
  };
  const act = (body: Record<string, unknown>, auth = moderator) => {
    server.clock.advance({ seconds: 1 });
    return kit.call<AuditEntry>('POST', '/moderation/actions', auth, body);
  };
  const notificationsOf = (auth: AuthResponse) =>
    server.db.query<{ type: string; data: Record<string, string> }>(
      'SELECT type, data FROM notifications WHERE user_id = $1 ORDER BY created_at',
      [auth.user.id],
    );

  it('reports a post, a comment, a message and a person; once each, never one’s own or the unseen', async () => {
    const [author, reader, stranger] = [await kit.person(), await kit.person(), await kit.person()];
    const post = await kit.post(author);
    const comment = (await kit.comment(author, post.id)).body;
    await kit.mutual(author, reader);
    const conversation = await kit.conversation(author, reader);
    const message = (await kit.send(author, conversation)).body;

    for (const [targetType, targetId] of [
      ['post', post.id],
      ['comment', comment.id],
      ['dm', message.id],
      ['user', author.user.id],
    ] as const) {
      const res = await report(reader, { targetType, targetId, note: 'Not okay' });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body).toMatchObject({ targetType, targetId, status: 'open', outcome: null });
      const again = await report(reader, { targetType, targetId });
      expect(again.status).toBe(409);
    }
    expect((await report(reader, { targetType: 'post', targetId: post.id })).body.message).toBe(
      'You already reported this post',
    );
    // A stranger cannot report a message of a conversation they are not in.
    const unseen = await report(stranger, { targetType: 'dm', targetId: message.id });
    expect(unseen.status).toBe(404);
    expect(unseen.body.message).toBe('That voice message was not found');
    const own = await report(author, { targetType: 'post', targetId: post.id });
    expect(own.status).toBe(400);
    expect(own.body.message).toBe('You cannot report your own post');
    const bad = await report(reader, { targetType: 'post', targetId: post.id, category: 'meh' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('category: Choose a reason for the report');

    const mine = await kit.call<ReportPage>('GET', '/reports/mine', reader);
    expect(mine.body.items.map((r) => r.targetType)).toEqual(['user', 'dm', 'comment', 'post']);
  });

  it('only people with moderation tools see the queue or act', async () => {
    const someone = await kit.person();
    for (const res of [
      await kit.call<ApiErrorBody>('GET', '/moderation/queue', someone),
      await kit.call<ApiErrorBody>('GET', '/moderation/audit', someone),
      await act(
        { targetType: 'user', targetId: someone.user.id, action: 'warn', reason: 'x' },
        someone,
      ),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('You need moderation tools for this');
    }
  });

  it('hiding a reported post takes it from feed, Explore and profile at once, and everyone is told', async () => {
    const [author, fan, other] = [await kit.person(), await kit.person(), await kit.person()];
    await kit.vibe(fan, author);
    const post = await kit.post(author);
    expect(await kit.feedIds(fan)).toContain(post.id);
    await report(fan, { targetType: 'post', targetId: post.id, note: 'Mocking someone' });
    await report(other, { targetType: 'post', targetId: post.id, category: 'hate' });

    const items = (await queue()).items;
    const item = items.find((i) => i.targetId === post.id)!;
    expect(items[0]!.reportCount).toBeGreaterThanOrEqual(item.reportCount);
    expect(item).toMatchObject({
      targetType: 'post',
      reportCount: 2,
      gone: false,
      targetUser: { id: author.user.id },
    });
    expect(item.reports.map((r) => r.category).sort()).toEqual(['harassment', 'hate']);
    // The moderator can play the voice note.
    const voice = await fetch(new URL(item.voice!.url, server.url));
    expect(voice.status).toBe(200);

    const hidden = await act({
      targetType: 'post',
      targetId: post.id,
      action: 'hide',
      reason: 'Mocking another person',
    });
    expect(hidden.status, JSON.stringify(hidden.body)).toBe(201);
    expect(hidden.body).toMatchObject({
      action: 'hide',
      moderator: { id: moderator.user.id },
      targetUser: { id: author.user.id },
      reason: 'Mocking another person',
    });

    expect(await kit.feedIds(fan)).not.toContain(post.id);
    expect(await kit.feedIds(author)).not.toContain(post.id);
    expect((await kit.call('GET', `/posts/${post.id}`, fan)).status).toBe(404);
    const explore = await kit.call<{ items: { id: string }[] }>('GET', '/explore/posts', other);
    expect(explore.body.items.map((p) => p.id)).not.toContain(post.id);
    const profile = await kit.call<{ items: { id: string }[] }>(
      'GET',
      `/users/${author.user.id}/posts`,
      fan,
    );
    expect(profile.body.items.map((p) => p.id)).not.toContain(post.id);

    // The reporters learn what was done; the author learns why.
    for (const reporter of [fan, other]) {
      const told = (await notificationsOf(reporter)).filter((n) => n.type === 'report_handled');
      expect(told.map((n) => n.data['outcome'])).toEqual(['The post you reported was hidden.']);
    }
    const mine = await kit.call<ReportPage>('GET', '/reports/mine', fan);
    expect(mine.body.items[0]).toMatchObject({ status: 'actioned', outcome: expect.any(String) });
    const notice = (await notificationsOf(author)).filter((n) => n.type === 'moderation');
    expect(notice.map((n) => n.data)).toEqual([
      { action: 'hide', targetType: 'post', reason: 'Mocking another person' },
    ]);
    expect((await queue()).items.find((i) => i.targetId === post.id)).toBeUndefined();
  });

  it('a hidden message is gone for both people: not listed, not last, not unread, not heard', async () => {
    const [sender, reader] = [await kit.person(), await kit.person()];
    await kit.mutual(sender, reader);
    const conversation = await kit.conversation(sender, reader);
    const kept = (await kit.send(sender, conversation)).body;
    expect((await kit.call('POST', `/dms/${conversation}/read`, reader)).status).toBe(204);
    const rude = (await kit.send(sender, conversation)).body;
    // The reader's app has the rude message's link before the moderator acts.
    const link = (await kit.messages(reader, conversation)).items.find((m) => m.id === rude.id)!
      .voice.url;
    expect((await fetch(new URL(link, server.url))).status).toBe(200);
    expect(await kit.unreadDMs(reader)).toBe(1);
    await report(reader, { targetType: 'dm', targetId: rude.id });

    const hidden = await act({
      targetType: 'dm',
      targetId: rude.id,
      action: 'hide',
      reason: 'Abuse',
    });
    expect(hidden.status, JSON.stringify(hidden.body)).toBe(201);

    for (const who of [reader, sender]) {
      const listed = (await kit.messages(who, conversation)).items.map((m) => m.id);
      expect(listed).toEqual([kept.id]);
      const row = (await kit.list(who)).items.find((c) => c.id === conversation)!;
      expect(row.lastMessage?.id, 'the last message shown').toBe(kept.id);
    }
    // The reader had heard everything else: nothing is unread any more.
    expect(await kit.unreadDMs(reader)).toBe(0);
    expect((await kit.list(reader)).items.find((c) => c.id === conversation)!.unread).toBe(0);
    // The link handed out before no longer plays, signed or not.
    expect((await fetch(new URL(link, server.url))).status).toBe(404);
    const signedIn = await fetch(new URL(link.split('?')[0]!, server.url), {
      headers: { authorization: `Bearer ${reader.tokens.accessToken}` },
    });
    expect(signedIn.status).toBe(404);
  });

  it('a suspension ends the person’s access at once, says why at sign-in, and ends on time', async () => {
    const [troll, victim] = [await kit.person(), await kit.person()];
    await report(victim, { targetType: 'user', targetId: troll.user.id, note: 'Insults me' });
    expect((await kit.call('GET', '/users/me', troll)).status).toBe(200);
    const res = await act({
      targetType: 'user',
      targetId: troll.user.id,
      action: 'suspend',
      reason: 'Repeated insults',
      days: 7,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const week = new Date(server.clock.now().getTime() + 7 * 86_400_000);
    expect(res.body.suspendedUntil).toBe(week.toISOString());
    expect((await kit.call('GET', '/users/me', troll)).status).toBe(401);
    const refresh = await server.request('POST', '/api/auth/refresh', {
      body: { refreshToken: troll.tokens.refreshToken },
    });
    expect(refresh.status).toBe(401);

    const password = 'correct horse battery';
    const signIn = () =>
      server.request<AuthResponse & ApiErrorBody>('POST', '/api/auth/login', {
        body: {
          email: troll.user.email,
          password,
          rememberMe: false,
          device: {
            id: 'device-suspended',
            name: 'phone',
            type: 'mobile',
            os: 'Android',
            browser: 'Chrome',
          },
        },
      });
    // Signing in opens only a restricted session, which says why (suspended-sign-in.test.ts).
    const restricted = await signIn();
    expect(restricted.status).toBe(200);
    expect(restricted.body.suspension).toEqual({
      reason: 'Repeated insults',
      until: week.toISOString(),
    });
    const feed = await kit.call<ApiErrorBody>('GET', '/feed', restricted.body);
    expect(feed.status).toBe(403);
    expect(feed.body.message).toBe(
      `This account is suspended until ${week.getUTCDate()} March 2026. Reason: Repeated insults`,
    );

    await passTime(server, { days: 8 }, moderator);
    await server.app.jobs.run('moderation.liftSuspensions');
    const signedIn = await signIn();
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.suspension).toBeNull();
  });

  it('dismissing tells the reporter it stays; the audit log has every action and cannot be changed', async () => {
    const [author, touchy] = [await kit.person(), await kit.person()];
    const post = await kit.post(author);
    await report(touchy, { targetType: 'post', targetId: post.id, category: 'other' });
    const dismissed = await act({
      targetType: 'post',
      targetId: post.id,
      action: 'dismiss',
      reason: 'A fair opinion',
    });
    expect(dismissed.status).toBe(201);
    const told = (await notificationsOf(touchy)).filter((n) => n.type === 'report_handled');
    expect(told[0]?.data['outcome']).toBe(
      'The team looked and found it within the Terms, so it stays.',
    );
    expect((await kit.call('GET', `/posts/${post.id}`, touchy)).status).toBe(200);

    const audit = await kit.call<AuditPage>('GET', '/moderation/audit?limit=50', moderator);
    const actions = audit.body.items.map((e) => e.action);
    expect(actions.slice(0, 3)).toEqual(['dismiss', 'suspend', 'hide']);
    await expect(server.db.query("UPDATE moderation_log SET reason = 'changed'")).rejects.toThrow(
      'moderation_log is append-only',
    );
    await expect(server.db.query('DELETE FROM moderation_log')).rejects.toThrow(
      'moderation_log is append-only',
    );
  });
});
