import type {
  AuthResponse,
  NotificationPage,
  NotificationSettings,
  NotificationView,
  UnreadCounts,
} from '@doers/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dmsKit } from '../../../../test/support/dms.js';
import { registerReferred } from '../../../../test/support/people.js';
import { createQuest } from '../../../../test/support/quests.js';
import { setTime } from '../../../../test/support/time.js';
import { startTestServer, type TestServer } from '../../../../test/support/test-server.js';

describe('notifications: every type, folded, counted, read, and settings', () => {
  let server: TestServer;
  let kit: ReturnType<typeof dmsKit>;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_FACTOR: '50' });
    kit = dmsKit(server);
  });
  afterAll(() => server.close());

  const list = async (auth: AuthResponse, query = '') => {
    const res = await kit.call<NotificationPage>('GET', `/notifications${query}`, auth);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  const counts = async (auth: AuthResponse) =>
    (await kit.call<UnreadCounts>('GET', '/notifications/unread-counts', auth)).body;
  const summary = (v: NotificationView) => ({
    type: v.type,
    actors: v.actors.map((a) => a.username),
    actorCount: v.actorCount,
    read: v.read,
  });

  it('folds smiles on one post into one line with the newest people first, and counts it once', async () => {
    const author = await kit.person();
    const post = await kit.post(author);
    const fans: AuthResponse[] = [];
    for (let i = 0; i < 4; i++) fans.push(await kit.person());
    for (const fan of fans) {
      server.clock.advance({ seconds: 5 });
      expect((await kit.react('PUT', 'smile', fan, post.id)).status).toBe(200);
    }
    // Taking a smile back and giving it again tells the author nothing new.
    await kit.react('DELETE', 'smile', fans[0]!, post.id);
    await kit.react('PUT', 'smile', fans[0]!, post.id);

    const page = await list(author);
    expect(page.items.map(summary)).toEqual([
      {
        type: 'smile',
        actors: [fans[3]!, fans[2]!, fans[1]!].map((f) => f.user.username),
        actorCount: 4,
        read: false,
      },
    ]);
    expect(page.items[0]!.data).toEqual({ postId: post.id });
    expect((await counts(author)).unreadNotifications).toBe(1);
  });

  it('a fold stays within one local day of the recipient; the next day starts a new line', async () => {
    const author = await kit.person();
    const post = await kit.post(author);
    const [a, b] = [await kit.person(), await kit.person()];
    await setTime(server, '2026-04-01T22:00:00Z', author, a, b);
    await kit.react('PUT', 'hum', a, post.id);
    await setTime(server, '2026-04-02T01:00:00Z', author, a, b);
    await kit.react('PUT', 'hum', b, post.id);
    const page = await list(author);
    expect(page.items.map(summary)).toEqual([
      { type: 'hum', actors: [b.user.username], actorCount: 1, read: false },
      { type: 'hum', actors: [a.user.username], actorCount: 1, read: false },
    ]);
  });

  it('writes every type from its action, each with its data', async () => {
    const me = await kit.person();
    const other = await kit.person();
    const post = await kit.post(me);

    await kit.vibe(other, me); // vibe
    await kit.react('PUT', 'smile', other, post.id); // smile
    await kit.react('PUT', 'hum', other, post.id); // hum
    expect((await kit.comment(other, post.id)).status).toBe(201); // comment
    await registerReferred(server, me.user.referralCode); // referral_joined
    const quest = await createQuest(server, me, { allowOthersToJoin: true });
    await kit.call('POST', `/quests/${quest.id}/join`, other); // quest_joined
    await kit.call('PATCH', `/quests/${quest.id}`, me, { requiresApproval: true });
    const asker = await kit.person();
    await kit.call('POST', `/quests/${quest.id}/join`, asker); // quest_request
    const requests = await kit.call<{ items: { id: string }[] }>('GET', '/quest-requests', me);
    await kit.call('POST', `/quest-requests/${requests.body.items[0]!.id}/accept`, me);
    await kit.vibe(me, other); // mutual, so they may message me
    const conversation = await kit.conversation(other, me);
    expect((await kit.send(other, conversation)).status).toBe(201); // dm

    const page = await list(me, '?limit=50');
    const byType = Object.fromEntries(page.items.map((v) => [v.type, v]));
    expect(Object.keys(byType).sort()).toEqual(
      [
        'comment',
        'dm',
        'hum',
        'quest_joined',
        'quest_request',
        'referral_joined',
        'smile',
        'vibe',
      ].sort(),
    );
    expect(byType['vibe']!.data).toMatchObject({ reason: 'inspired' });
    expect(byType['quest_request']!.data).toMatchObject({ questId: quest.id });
    expect(byType['quest_request']!.actors[0]!.id).toBe(asker.user.id);
    expect(byType['quest_joined']!.data).toEqual({ questId: quest.id });
    // The asker hears that they are in.
    expect((await list(asker)).items.map((v) => [v.type, v.data, v.actors[0]!.id])).toEqual([
      ['quest_request_accepted', { questId: quest.id }, me.user.id],
    ]);
    expect(byType['dm']!.data).toMatchObject({ conversationId: conversation });
    expect(byType['smile']!.actors[0]!.id).toBe(other.user.id);
    // The newest first.
    expect(page.items[0]!.type).toBe('dm');
  });

  it('folds a second voice message into its line, brought back to the top and unread', async () => {
    const me = await kit.person();
    const leo = await kit.person();
    await kit.vibe(me, leo);
    await kit.vibe(leo, me);
    const conversation = await kit.conversation(leo, me);
    await kit.send(leo, conversation);
    const first = (await list(me)).items[0]!;
    await kit.call('POST', '/notifications/read', me, {});
    expect((await counts(me)).unreadNotifications).toBe(0);
    await kit.send(leo, conversation);
    const page = await list(me);
    const dmLines = page.items.filter((v) => v.type === 'dm');
    expect(dmLines).toHaveLength(1);
    expect(dmLines[0]!.id).not.toBe(first.id);
    expect(summary(dmLines[0]!)).toEqual({
      type: 'dm',
      actors: [leo.user.username],
      actorCount: 1,
      read: false,
    });
    expect((await counts(me)).unreadNotifications).toBe(1);
  });

  it('marks lines read, each as far as the reader was shown, and answers the new counts', async () => {
    const author = await kit.person();
    const post = await kit.post(author);
    const [a, b, c] = [await kit.person(), await kit.person(), await kit.person()];
    await kit.vibe(a, author);
    await kit.react('PUT', 'smile', b, post.id);
    const shown = await list(author);
    expect((await counts(author)).unreadNotifications).toBe(2);
    // Someone else smiles after the page was shown: that line stays unread.
    server.clock.advance({ seconds: 3 });
    await kit.react('PUT', 'smile', c, post.id);
    const marked = await kit.call<UnreadCounts>('POST', '/notifications/read', author, {
      ids: shown.items.map((v) => v.id),
    });
    expect(marked.status).toBe(200);
    expect(marked.body.unreadNotifications).toBe(1);
    const after = await list(author);
    expect(after.items.map((v) => [v.type, v.read, v.actorCount])).toEqual([
      ['smile', false, 2],
      ['vibe', true, 1],
    ]);
    // Someone else's ids mark nothing of mine; without ids, everything is read.
    const stranger = await kit.person();
    await kit.call('POST', '/notifications/read', stranger, { ids: [after.items[0]!.id] });
    expect((await counts(author)).unreadNotifications).toBe(1);
    await kit.call('POST', '/notifications/read', author, {});
    expect((await counts(author)).unreadNotifications).toBe(0);
    const bad = await kit.call('POST', '/notifications/read', author, { ids: ['nope'] });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/Not a valid notification id/);
  });

  it('pages stay stable while new notifications arrive', async () => {
    const me = await kit.person();
    const senders: AuthResponse[] = [];
    for (let i = 0; i < 5; i++) {
      const s = await kit.person();
      senders.push(s);
      server.clock.advance({ seconds: 1 });
      await kit.vibe(s, me);
    }
    const first = await list(me, '?limit=2');
    server.clock.advance({ seconds: 1 });
    await kit.vibe(await kit.person(), me); // arrives between pages
    const second = await list(me, `?limit=2&cursor=${first.nextCursor!}`);
    const third = await list(me, `?limit=2&cursor=${second.nextCursor!}`);
    const seen = [...first.items, ...second.items, ...third.items].map((v) => v.actors[0]!.id);
    expect(seen).toEqual([...senders].reverse().map((s) => s.user.id));
    expect(third.nextCursor).toBeNull();
  });

  it('nobody blocked either way notifies the other', async () => {
    const me = await kit.person();
    const post = await kit.post(me);
    const blocked = await kit.person();
    await kit.vibe(blocked, me);
    await kit.block(me, blocked);
    await kit.react('PUT', 'smile', blocked, post.id);
    const page = await list(me);
    // The vibe sent before the block no longer names its sender; nothing new was written.
    expect(page.items.filter((v) => v.type === 'smile')).toEqual([]);
    expect(page.items.flatMap((v) => v.actors).map((a) => a.id)).not.toContain(blocked.user.id);
  });

  it('settings: every type on by default, no reminder; a type off in-app writes no line', async () => {
    const me = await kit.person();
    const initial = await kit.call<NotificationSettings>('GET', '/notifications/settings', me);
    expect(initial.body.reminderHour).toBeNull();
    expect(initial.body.types.smile).toEqual({ inApp: true, push: true });
    expect(Object.values(initial.body.types).every((c) => c.inApp && c.push)).toBe(true);

    const saved = await kit.call<NotificationSettings>('PUT', '/notifications/settings', me, {
      types: { smile: { inApp: false, push: true } },
      reminderHour: 20,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.types.smile).toEqual({ inApp: false, push: true });
    expect(saved.body.types.hum).toEqual({ inApp: true, push: true });
    expect(saved.body.reminderHour).toBe(20);
    // A partial change keeps the rest.
    const again = await kit.call<NotificationSettings>('PUT', '/notifications/settings', me, {
      types: { vibe: { inApp: true, push: false } },
    });
    expect(again.body.types.smile).toEqual({ inApp: false, push: true });
    expect(again.body.reminderHour).toBe(20);

    const post = await kit.post(me);
    const fan = await kit.person();
    await kit.react('PUT', 'smile', fan, post.id);
    await kit.react('PUT', 'hum', fan, post.id);
    expect((await list(me)).items.map((v) => v.type)).toEqual(['hum']);
    expect((await counts(me)).unreadNotifications).toBe(1);
    // Push is still on for smiles: the row is kept for Web Push alone. Both off: nothing.
    const rowsOf = (type: string) =>
      server.db.query<{ in_app: boolean }>(
        'SELECT in_app FROM notifications WHERE user_id = $1 AND type = $2',
        [me.user.id, type],
      );
    expect(await rowsOf('smile')).toEqual([{ in_app: false }]);
    await kit.call('PUT', '/notifications/settings', me, {
      types: { vibe: { inApp: false, push: false } },
    });
    await kit.vibe(fan, me);
    expect(await rowsOf('vibe')).toEqual([]);

    const badHour = await kit.call('PUT', '/notifications/settings', me, { reminderHour: 24 });
    expect(badHour.status).toBe(400);
    const badType = await kit.call('PUT', '/notifications/settings', me, {
      types: { nonsense: { inApp: true, push: true } },
    });
    expect(badType.status).toBe(400);
  });

  it('needs a session for every notifications endpoint', async () => {
    for (const [method, path] of [
      ['GET', '/api/notifications'],
      ['POST', '/api/notifications/read'],
      ['GET', '/api/notifications/settings'],
      ['PUT', '/api/notifications/settings'],
    ] as const) {
      const body = method === 'GET' ? {} : { body: {} };
      expect((await server.request(method, path, body)).status).toBe(401);
    }
  });
});
