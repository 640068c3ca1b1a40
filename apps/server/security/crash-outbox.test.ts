// A crash between a commit and its consequences: the server is started holding every recorded
// event undelivered (DOERS_TEST_HOLD_EVENTS), as if it died right after each commit; people smile,
// comment, vibe (which fills the follower's feed) and send a voice message to someone with a
// device for push; then kill -9 and a normal start. Every notification, feed entry and push must
// arrive once, and the outbox must be empty.
import { readFile } from 'node:fs/promises';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Conversation, NotificationPage, Post, PostPage } from '@doers/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upload } from '../test/support/media.js';
import { recorderWebm } from '../test/support/media-files.js';
import {
  browserKeys,
  startPushReceiver,
  type PushReceiver,
} from '../test/support/push-receiver.js';
import { call, closeAgents, loopback } from './support/http.js';
import { startServer, type ServerProcess } from './support/servers.js';
import { registerFounder, suite, type Person } from './support/suite.js';

const from = loopback(15, 0);
let server: ServerProcess;
let receiver: PushReceiver;
let hold = true;

beforeAll(async () => {
  receiver = await startPushReceiver();
  server = await startServer({
    name: 'crash-outbox',
    runDir: suite().runDir,
    bundle: suite().bundle,
    env: () => ({
      RATE_LIMIT_FACTOR: '1000000',
      PUSH_ALLOW_PRIVATE: 'true',
      ...(hold ? { DOERS_TEST_HOLD_EVENTS: 'true' } : {}),
    }),
  });
});
afterAll(async () => {
  await closeAgents();
  await server?.dispose();
  await receiver?.close();
});

const as = (p: Person) => ({ token: p.accessToken, from });

async function ok<T>(reply: Promise<{ status: number; body: T; text: string }>, status: number) {
  const res = await reply;
  expect(res.status, res.text).toBe(status);
  return res.body;
}

async function voice(p: Person, purpose: 'post' | 'comment' | 'dm', bytes: Buffer) {
  const res = await upload(server, p.accessToken, purpose, bytes, { filename: 'voice.webm' });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

const lines = async (p: Person) =>
  (await ok(call<NotificationPage>(server.url, 'GET', '/api/notifications', as(p)), 200)).items;
const feedIds = async (p: Person) =>
  (await ok(call<PostPage>(server.url, 'GET', '/api/feed?limit=50', as(p)), 200)).items.map(
    (post) => post.id,
  );

/**
 * Polls `check` until it passes or `ms` runs out: an event is due to any instance's sweep 10 s
 * after its commit (migration 031), and the sweep looks every second.
 */
async function eventually(check: () => Promise<void>, ms = 40_000): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

describe('crash between a commit and its consequences', () => {
  it('kill -9 with smiles, a comment, a vibe and a DM undelivered → after restart each notification, feed entry and push arrives once', async () => {
    const bytes = await readFile(await recorderWebm(await mkdtemp(join(tmpdir(), 'crash-')), 1));
    const [author, fan, follower] = [
      await registerFounder(server.url),
      await registerFounder(server.url),
      await registerFounder(server.url),
    ];
    // The author's phone takes pushes (every type is on by push until turned off).
    const device = '/push/author-phone';
    await ok(
      call(server.url, 'PUT', '/api/push/subscriptions', {
        ...as(author),
        body: browserKeys().json(`${receiver.url}${device}`),
      }),
      204,
    );
    const post = await ok(
      call<Post>(server.url, 'POST', '/api/posts', {
        ...as(author),
        body: { voiceMediaId: await voice(author, 'post', bytes), visibility: 'public' },
      }),
      201,
    );

    // Each committed; with events held, none of their consequences ran.
    await ok(call(server.url, 'PUT', `/api/posts/${post.id}/smile`, as(fan)), 200);
    await ok(
      call(server.url, 'POST', `/api/posts/${post.id}/comments`, {
        ...as(fan),
        body: { voiceMediaId: await voice(fan, 'comment', bytes) },
      }),
      201,
    );
    await ok(
      call(server.url, 'POST', '/api/vibes', {
        ...as(follower),
        body: { targetUserId: author.id, vibeReason: 'inspired' },
      }),
      201,
    );
    const conversation = await ok(
      call<Conversation>(server.url, 'PUT', `/api/dms/with/${author.id}`, as(fan)),
      200,
    );
    await ok(
      call(server.url, 'POST', `/api/dms/${conversation.id}/messages`, {
        ...as(fan),
        body: { voiceMediaId: await voice(fan, 'dm', bytes) },
      }),
      201,
    );
    expect(await lines(author)).toEqual([]);
    expect(await feedIds(follower)).not.toContain(post.id);
    expect(receiver.received).toEqual([]);

    await server.kill();
    hold = false;
    await server.start();

    const kinds = ['comment', 'dm', 'smile', 'vibe'];
    await eventually(async () => {
      expect((await lines(author)).map((l) => l.type).sort()).toEqual(kinds);
      expect(await feedIds(follower)).toContain(post.id);
      expect(receiver.received.filter((r) => r.path === device)).toHaveLength(kinds.length);
    });
    // Two more sweeps: nothing arrives twice.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect((await lines(author)).map((l) => l.type).sort()).toEqual(kinds);
    expect((await feedIds(follower)).filter((id) => id === post.id)).toHaveLength(1);
    expect(receiver.received).toHaveLength(kinds.length);

    await server.stop();
    const [left] = await server.query<{ n: number }>('SELECT count(*)::int AS n FROM event_outbox');
    const [sends] = await server.query<{ n: number }>('SELECT count(*)::int AS n FROM push_sends');
    const written = await server.query<{ type: string; n: number }>(
      'SELECT type, count(*)::int AS n FROM notifications WHERE user_id = $1 GROUP BY type',
      [author.id],
    );
    console.log(
      `crash-outbox (${process.env['DATABASE_URL'] ? 'PostgreSQL' : 'PGlite'}): ` +
        `${kinds.length} notifications, 1 feed entry and ${receiver.received.length} pushes ` +
        `after kill -9 with every event undelivered; ${left!.n} events left in the outbox`,
    );
    expect(left!.n).toBe(0);
    expect(written.map((w) => [w.type, w.n]).sort()).toEqual(kinds.map((k) => [k, 1]));
    expect(sends!.n).toBe(kinds.length);
  });
});
