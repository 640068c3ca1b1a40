import type { NotificationPage } from '@doers/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dmsKit } from '../../test/support/dms.js';
import {
  browserKeys,
  startPushReceiver,
  type PushReceiver,
} from '../../test/support/push-receiver.js';
import { startTestServer, type TestServer } from '../../test/support/test-server.js';

// Events recorded while delivery is held, then delivered by the sweep, then delivered again as
// if the first delivery had died before deleting them: each consequence happens once.
describe('the outbox delivers at least once, and its handlers act once', () => {
  let server: TestServer;
  let receiver: PushReceiver;
  beforeAll(async () => {
    server = await startTestServer({ DOERS_TEST_HOLD_EVENTS: 'true', PUSH_ALLOW_PRIVATE: 'true' });
    receiver = await startPushReceiver();
  });
  afterAll(async () => {
    await server.close();
    await receiver.close();
  });

  it('a second delivery of a smile, a comment, a vibe, a block and a DM changes nothing', async () => {
    const kit = dmsKit(server);
    const [author, fan, follower, stranger] = [
      await kit.person(),
      await kit.person(),
      await kit.person(),
      await kit.person(),
    ];
    const device = '/push/phone';
    const subscribed = await server.request('PUT', '/api/push/subscriptions', {
      token: author.tokens.accessToken,
      body: browserKeys().json(`${receiver.url}${device}`),
    });
    expect(subscribed.status).toBe(204);
    const post = await kit.post(author);
    expect((await kit.react('PUT', 'smile', fan, post.id)).status).toBe(200);
    expect((await kit.comment(fan, post.id)).status).toBe(201);
    await kit.vibe(follower, author);
    await kit.vibe(stranger, author);
    await kit.block(author, stranger);
    expect((await kit.send(fan, await kit.conversation(fan, author))).status).toBe(201);

    const held = await server.db.query<{ id: string; name: string; payload: unknown }>(
      'SELECT id, name, payload FROM event_outbox ORDER BY id',
    );
    expect(held.map((e) => e.name)).toEqual([
      'post.smiled',
      'comment.created',
      'vibing.started',
      'vibe.sent',
      'vibing.started',
      'vibe.sent',
      'vibing.ended',
      'user.blocked',
      'dm.sent',
    ]);
    const deliverAll = async () => {
      await server.db.query('UPDATE event_outbox SET due_at = now()');
      await server.app.outbox.sweep();
      await server.app.jobs.drain();
    };
    await deliverAll();
    const first = {
      lines: await kit.call<NotificationPage>('GET', '/notifications', author),
      feed: await kit.feedIds(follower),
      pushes: receiver.received.length,
      vibes: (await kit.feed(author)).items.find((p) => p.id === post.id)?.counts,
    };
    expect(first.lines.body.items.map((l) => l.type).sort()).toEqual([
      'comment',
      'dm',
      'smile',
      'vibe',
    ]);
    expect(first.feed).toContain(post.id);
    expect(first.pushes).toBe(4);

    // The same events again, with the same ids: a delivery that died before its delete.
    for (const e of held) {
      await server.db.query(
        'INSERT INTO event_outbox (id, name, payload) VALUES ($1, $2, $3::jsonb)',
        [e.id, e.name, JSON.stringify(e.payload)],
      );
    }
    await deliverAll();
    const notifications = await server.db.query<{ type: string; n: number }>(
      'SELECT type, count(*)::int AS n FROM notifications WHERE user_id = $1 GROUP BY type ORDER BY type',
      [author.user.id],
    );
    expect(notifications).toEqual([
      { type: 'comment', n: 1 },
      { type: 'dm', n: 1 },
      { type: 'smile', n: 1 },
      { type: 'vibe', n: 1 },
    ]);
    expect((await kit.call<NotificationPage>('GET', '/notifications', author)).body).toEqual(
      first.lines.body,
    );
    expect(await kit.feedIds(follower)).toEqual(first.feed);
    expect(receiver.received).toHaveLength(4);
    expect((await kit.feed(author)).items.find((p) => p.id === post.id)?.counts).toEqual(
      first.vibes,
    );
    expect(await server.db.query('SELECT 1 FROM event_outbox')).toEqual([]);
  });
});
