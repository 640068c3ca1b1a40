import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AuthResponse, Conversation, DmMessage } from '@doers/contract';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../../../../test/support/server-process.js';
import { openEventStream, type EventStreamClient } from '../../../../test/support/event-stream.js';
import { recorderWebm } from '../../../../test/support/media-files.js';
import { newPerson } from '../../../../test/support/people.js';
import { FOUNDER_CODE, request } from '../../../../test/support/test-server.js';

// Two server processes on one PostgreSQL and one Redis, as behind a load balancer: what is
// published on one reaches a stream held by the other (docs/decisions/0011-realtime-stream.md).
// Needs REDIS_URL and DATABASE_URL (CI sets both): two processes cannot share PGlite.
const { REDIS_URL, DATABASE_URL } = process.env;
const runDir = mkdtempSync(join(tmpdir(), 'doers-realtime-'));
const prefix = `doers-realtime-test:${randomBytes(4).toString('hex')}:`;
const schema = `realtime_${randomBytes(4).toString('hex')}`;
let first: ServerProcess;
let second: ServerProcess;
let voice: Buffer;
const streams: EventStreamClient[] = [];

describe.skipIf(!REDIS_URL || !DATABASE_URL)('realtime across two instances through Redis', () => {
  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE SCHEMA "${schema}"`);
    await admin.end();
    const url = new URL(DATABASE_URL!);
    url.searchParams.set('options', `-c search_path=${schema},public`);
    // One database and one Redis prefix for both; one after the other (the first migrates).
    const env = {
      DATABASE_URL: url.toString(),
      REDIS_PREFIX: prefix,
      RATE_LIMIT_FACTOR: '50',
      FOUNDER_INVITE_CODE: FOUNDER_CODE,
      JWT_SECRET: `realtime-test-${randomBytes(24).toString('hex')}`,
    };
    first = await startServerProcess({ name: 'realtime-a', logDir: runDir, env });
    second = await startServerProcess({ name: 'realtime-b', logDir: runDir, env });
    const { readFile } = await import('node:fs/promises');
    voice = await readFile(await recorderWebm(runDir, 1));
  }, 120_000);

  afterAll(async () => {
    for (const s of streams) s.close();
    await first?.dispose();
    await second?.dispose();
    const admin = new pg.Client({ connectionString: DATABASE_URL });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    // The job queue's tables beside it (queueSchemaFor in platform/pg-jobs.ts).
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}_jobs" CASCADE`);
    await admin.end();
    const redis = new Redis(REDIS_URL!);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
    rmSync(runDir, { recursive: true, force: true });
  });

  const stream = async (on: ServerProcess, auth: AuthResponse, lastEventId?: string) => {
    const client = await openEventStream(on.url, auth.tokens.accessToken, lastEventId);
    streams.push(client);
    expect(client.status).toBe(200);
    return client;
  };

  async function register(on: ServerProcess): Promise<AuthResponse> {
    const res = await request<AuthResponse>(on.url, 'POST', '/api/auth/register', {
      body: newPerson({ inviteCode: FOUNDER_CODE }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  }

  /** Two people who vibe with each other and have a conversation. */
  async function pair(): Promise<{ alice: AuthResponse; bob: AuthResponse; dm: string }> {
    const [alice, bob] = [await register(first), await register(second)];
    for (const [from, to] of [
      [alice, bob],
      [bob, alice],
    ] as const) {
      const res = await request(first.url, 'POST', '/api/vibes', {
        token: from.tokens.accessToken,
        body: { targetUserId: to.user.id, vibeReason: 'inspired' },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    const conversation = await request<Conversation>(
      second.url,
      'PUT',
      `/api/dms/with/${alice.user.id}`,
      { token: bob.tokens.accessToken },
    );
    expect(conversation.status, JSON.stringify(conversation.body)).toBeLessThan(300);
    return { alice, bob, dm: conversation.body.id };
  }

  /** Uploads a voice message through `on`, then sends it: resolves when the send is answered. */
  async function sendDm(on: ServerProcess, from: AuthResponse, dm: string) {
    const form = new FormData();
    form.append('file', new Blob([voice]), 'voice.webm');
    const uploaded = await fetch(`${on.url}/api/media?purpose=dm`, {
      method: 'POST',
      headers: { authorization: `Bearer ${from.tokens.accessToken}` },
      body: form,
    });
    const media = (await uploaded.json()) as { id: string };
    expect(uploaded.status, JSON.stringify(media)).toBe(201);
    const sentAt = performance.now();
    const sent = await request<DmMessage>(on.url, 'POST', `/api/dms/${dm}/messages`, {
      token: from.tokens.accessToken,
      body: { voiceMediaId: media.id },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    return { message: sent.body, sentAt };
  }

  it('a client on the first receives, within a second, a DM sent through the second', async () => {
    const { alice, bob, dm } = await pair();
    const onFirst = await stream(first, alice);
    await onFirst.next('unread-counts');
    const { message, sentAt } = await sendDm(second, bob, dm);
    const got = await onFirst.next('dm', 1000);
    expect(got.at - sentAt).toBeLessThan(1000);
    expect(got.event).toMatchObject({
      type: 'dm',
      message: { id: message.id, senderId: bob.user.id, mine: false },
    });
    expect((await onFirst.next('unread-counts', 1000)).event).toMatchObject({
      counts: { unreadDMs: 1 },
    });
  });

  it('a dropped stream resumes on the other instance with Last-Event-ID, losing nothing', async () => {
    const { alice, bob, dm } = await pair();
    const onFirst = await stream(first, alice);
    await onFirst.next('unread-counts');
    const one = await sendDm(second, bob, dm);
    await onFirst.next('dm');
    await onFirst.next('unread-counts');
    const resumeFrom = onFirst.lastEventId!;
    onFirst.close();

    const two = await sendDm(first, bob, dm);
    const three = await sendDm(second, bob, dm);
    const onSecond = await stream(second, alice, resumeFrom);
    const counts = await onSecond.next();
    // Counted by conversation: one conversation with unheard messages.
    expect(counts.event).toMatchObject({ type: 'unread-counts', counts: { unreadDMs: 1 } });
    expect(counts.event).not.toHaveProperty('resync');
    const missed = [await onSecond.next('dm'), await onSecond.next('dm')];
    expect(missed.map((m) => m.event.type === 'dm' && m.event.message.id)).toEqual([
      two.message.id,
      three.message.id,
    ]);
    expect(
      onSecond.received.some((r) => r.event.type === 'dm' && r.event.message.id === one.message.id),
    ).toBe(false);
    // The sender's own devices hear of it too, as theirs.
    const bobs = await stream(first, bob);
    await bobs.next('unread-counts');
    const four = await sendDm(second, bob, dm);
    expect((await bobs.next('dm', 1000)).event).toMatchObject({
      message: { id: four.message.id, mine: true },
    });
  });

  it("signing out through one instance closes that session's stream on the other", async () => {
    const person = await register(first);
    const onFirst = await stream(first, person);
    await onFirst.next('unread-counts');
    const out = await request(second.url, 'POST', '/api/auth/logout', {
      body: { refreshToken: person.tokens.refreshToken },
    });
    expect(out.status).toBeLessThan(300);
    await onFirst.ended;
  });
  it("signing out through one instance refuses that session's access token on the other", async () => {
    const person = await register(first);
    const me = async () =>
      (await request(first.url, 'GET', '/api/users/me', { token: person.tokens.accessToken }))
        .status;
    // Used there first: the first instance then keeps the session in memory.
    expect(await me()).toBe(200);
    const out = await request(second.url, 'POST', '/api/auth/logout', {
      body: { refreshToken: person.tokens.refreshToken },
    });
    expect(out.status).toBeLessThan(300);
    // Told through Redis: within a second, far inside a kept entry's ten-second age.
    await expect.poll(me, { timeout: 1_000, interval: 10 }).toBe(401);
  });
});
