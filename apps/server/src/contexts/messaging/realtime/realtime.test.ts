import type { AuthResponse } from '@doers/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream, type EventStreamClient } from '../../../../test/support/event-stream.js';
import { device } from '../../../../test/support/people.js';
import { postsKit } from '../../../../test/support/posts.js';
import { startTestServer, type TestServer } from '../../../../test/support/test-server.js';

// The realtime stream on one server (docs/product/realtime.md): in process, or through Redis
// when REDIS_URL is set (the two-instance case is realtime-redis.test.ts).
let server: TestServer;
let kit: ReturnType<typeof postsKit>;
const open: EventStreamClient[] = [];

async function stream(auth: AuthResponse | undefined, lastEventId?: string) {
  const client = await openEventStream(server.url, auth?.tokens.accessToken, lastEventId);
  open.push(client);
  return client;
}

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_FACTOR: '20' });
  kit = postsKit(server);
});
afterAll(async () => {
  for (const client of open) client.close();
  await server?.close();
});

describe('GET /api/events', () => {
  it('refuses a caller without a valid access token, with the usual JSON error', async () => {
    const none = await stream(undefined);
    expect(none.status).toBe(401);
    const forged = await openEventStream(server.url, 'not.a.token');
    expect(forged.status).toBe(401);
  });

  it('opens with the unread counts, then brings a notification when someone smiles', async () => {
    const [author, fan] = [await kit.person(), await kit.person()];
    const post = await kit.post(author);
    const client = await stream(author);
    expect(client.status).toBe(200);
    expect(client.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(client.headers.get('x-accel-buffering')).toBe('no');
    expect(client.headers.get('cache-control')).toContain('no-cache');

    const first = await client.next();
    expect(first.event).toEqual({
      type: 'unread-counts',
      counts: { unreadNotifications: 0, unreadDMs: 0, unreadQuestRequests: 0 },
    });
    expect(first.id).toMatch(/^\d+-\d+$/);

    expect((await kit.react('PUT', 'smile', fan, post.id)).status).toBe(200);
    const smiled = await client.next('notification');
    expect(smiled.event.type === 'notification' && smiled.event.notification).toMatchObject({
      type: 'smile',
      data: { postId: post.id },
      actors: [{ id: fan.user.id }],
      read: false,
    });
    const counts = await client.next('unread-counts');
    expect(counts.event).toMatchObject({ counts: { unreadNotifications: 1 } });
  });

  it('never sends one person what happened to another', async () => {
    const [author, other, fan] = [await kit.person(), await kit.person(), await kit.person()];
    const post = await kit.post(author);
    const client = await stream(other);
    await client.next('unread-counts');
    const mine = await stream(author);
    await mine.next('unread-counts');
    await kit.react('PUT', 'smile', fan, post.id);
    await mine.next('notification');
    // The smile has been handled (the author has it): the other person got nothing of it.
    await expect(client.next('notification', 300)).rejects.toThrow(/no notification/);
  });

  it('resumes a dropped stream from Last-Event-ID without losing an event', async () => {
    const [author, fan1, fan2, fan3] = await Promise.all([
      kit.person(),
      kit.person(),
      kit.person(),
      kit.person(),
    ]);
    const post = await kit.post(author);
    const first = await stream(author);
    await first.next('unread-counts');
    await kit.react('PUT', 'smile', fan1, post.id);
    await first.next('notification');
    await first.next('unread-counts');
    const resumeFrom = first.lastEventId!;
    first.close();

    // While no stream is open: two more smiles.
    await kit.react('PUT', 'smile', fan2, post.id);
    await kit.react('PUT', 'hum', fan3, post.id);

    const again = await stream(author, resumeFrom);
    const counts = await again.next();
    expect(counts.event).toEqual({
      type: 'unread-counts',
      counts: { unreadNotifications: 2, unreadDMs: 0, unreadQuestRequests: 0 },
    });
    // Resuming, the fresh counts carry no id: the client keeps its place until the replay.
    expect(counts.id).toBeUndefined();
    const missed = [await again.next('notification'), await again.next('notification')];
    expect(missed.map((m) => m.event.type === 'notification' && m.event.notification.type)).toEqual(
      ['smile', 'hum'],
    );
    const smile = missed[0]!.event;
    expect(smile.type === 'notification' && smile.notification.actors.map((a) => a.id)).toEqual([
      fan2.user.id,
      fan1.user.id,
    ]);
    // Nothing replayed twice: only events after the id came back.
    expect(again.received.filter((r) => r.event.type === 'notification')).toHaveLength(2);
  });

  it('tells those whose feed a new post entered, live and never replayed', async () => {
    const [author, reader, stranger] = [await kit.person(), await kit.person(), await kit.person()];
    await kit.vibe(reader, author);
    const [readerStream, strangerStream, authorStream] = [
      await stream(reader),
      await stream(stranger),
      await stream(author),
    ];
    for (const s of [readerStream, strangerStream, authorStream]) await s.next('unread-counts');
    const before = readerStream.lastEventId;

    const post = await kit.post(author);
    const news = await readerStream.next('feed-new');
    expect(news.event).toEqual({ type: 'feed-new', postId: post.id });
    // Not kept: it has no id, and the place to resume from stays where it was.
    expect(news.id).toBeUndefined();
    expect(readerStream.lastEventId).toBe(before);
    const again = await stream(reader, before);
    await again.next('unread-counts');
    await expect(again.next('feed-new', 300)).rejects.toThrow(/no feed-new/);
    // Not to someone whose feed it did not enter, nor to its author.
    await expect(strangerStream.next('feed-new', 300)).rejects.toThrow(/no feed-new/);
    await expect(authorStream.next('feed-new', 300)).rejects.toThrow(/no feed-new/);
  });

  it('tells the author, live, when their post changes: a smile, a hum, a comment, its words', async () => {
    const [author, fan] = [await kit.person(), await kit.person()];
    const post = await kit.post(author);
    const client = await stream(author);
    await client.next('unread-counts');
    await kit.react('PUT', 'smile', fan, post.id);
    expect((await client.next('post-changed')).event).toEqual({
      type: 'post-changed',
      postId: post.id,
    });
    await kit.react('PUT', 'hum', fan, post.id);
    await client.next('post-changed');
    expect((await kit.comment(fan, post.id)).status).toBe(201);
    await client.next('post-changed');
    // Its transcript changed (the engine's words arrived, or a correction on another device).
    const corrected = await kit.call('PUT', `/media/${post.voice.id}/transcript`, author, {
      text: 'Words from my other phone',
    });
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
    expect((await client.next('post-changed')).event).toEqual({
      type: 'post-changed',
      postId: post.id,
    });
  });

  it('asks the client to refetch when the id cannot be replayed', async () => {
    const person = await kit.person();
    const client = await stream(person, '1-0');
    const first = await client.next();
    expect(first.event).toMatchObject({ type: 'unread-counts', resync: true });
    expect(first.id).toMatch(/^\d+-\d+$/);
    const nonsense = await stream(person, 'garbage');
    expect((await nonsense.next()).event).toMatchObject({ resync: true });
  });

  it("closes a session's streams when it is signed out, and refuses its token after", async () => {
    const person = await kit.person();
    const client = await stream(person);
    await client.next('unread-counts');
    const out = await server.request('POST', '/api/auth/logout', {
      token: person.tokens.accessToken,
      body: { refreshToken: person.tokens.refreshToken },
    });
    expect(out.status).toBeLessThan(300);
    await client.ended;
    expect((await stream(person)).status).toBe(401);
  });

  it('closes the other sessions\' streams on "sign out of other devices", not this one', async () => {
    const person = await kit.person();
    const login = await server.request<AuthResponse>('POST', '/api/auth/login', {
      body: { email: person.user.email, password: 'correct horse battery', device: device() },
    });
    const phone = await stream(person);
    const laptop = await stream(login.body);
    await phone.next('unread-counts');
    await laptop.next('unread-counts');
    const res = await server.request('POST', '/api/auth/sessions/end-others', {
      token: login.body.tokens.accessToken,
    });
    expect(res.status).toBeLessThan(300);
    await phone.ended;
    // The laptop's stream is still open: the next change reaches it.
    const fan = await kit.person();
    const post = await kit.post(login.body);
    await kit.react('PUT', 'smile', fan, post.id);
    await laptop.next('notification');
  });

  it('keeps at most 10 streams per person: an eleventh closes the oldest', async () => {
    const person = await kit.person();
    const streams: EventStreamClient[] = [];
    for (let i = 0; i < 11; i++) {
      const s = await stream(person);
      await s.next('unread-counts');
      streams.push(s);
    }
    await streams[0]!.ended;
    const fan = await kit.person();
    const post = await kit.post(person);
    await kit.react('PUT', 'smile', fan, post.id);
    for (const s of streams.slice(1)) await s.next('notification');
  });
});
