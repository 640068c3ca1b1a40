// The deployment of compose.yaml, as processes on this machine: two server processes (the
// suite's bundle) on one PostgreSQL, one Redis and an S3 server (s3rver), behind Caddy running
// deploy/Caddyfile's proxy block. Every action goes through the proxy; the instances' own
// /metrics (scraped by their addresses, as an operator would) only tell which one answered.
// Needs DATABASE_URL, REDIS_URL and caddy on the PATH (CI has all three); skipped otherwise.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AuthResponse, Conversation, DmMessage, Media, Post, PostPage } from '@doers/contract';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream, type EventStreamClient } from '../test/support/event-stream.js';
import { recorderWebm, video } from '../test/support/media-files.js';
import { newPerson } from '../test/support/people.js';
import { startS3Server } from '../test/support/s3-server.js';
import {
  freePort,
  startServerProcess,
  type ServerProcess,
} from '../test/support/server-process.js';
import { caddyBinary, startCaddy, stickyCookieFor, type Caddy } from './support/caddy.js';
import { metricSum } from './support/metrics-text.js';
import { ProxyClient } from './support/proxy-client.js';
import { FOUNDER_CODE, JWT_SECRET } from './support/servers.js';
import { keepSecrets, suite } from './support/suite.js';

const { DATABASE_URL, REDIS_URL } = process.env;
const caddy = caddyBinary();
const missing = [
  !DATABASE_URL && 'DATABASE_URL',
  !REDIS_URL && 'REDIS_URL',
  !caddy && 'caddy on the PATH (apt-get install caddy)',
].filter(Boolean);
if (missing.length)
  console.log(
    `deployment smoke test (two instances behind Caddy) skipped: needs ${missing.join(', ')}`,
  );

const METRICS_TOKEN = randomBytes(24).toString('hex');
const TUS = { 'tus-resumable': '1.0.0' };

describe.skipIf(missing.length > 0)('the deployment: two instances behind Caddy', () => {
  const schema = `deploy_${randomBytes(4).toString('hex')}`;
  const prefix = `doers-deploy:${randomBytes(4).toString('hex')}:`;
  const streams: EventStreamClient[] = [];
  const exercised: string[] = [];
  let work: string;
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  const instances: ServerProcess[] = [];
  /** `host:port` of each instance, as the proxy's configuration names it. */
  let upstreams: string[] = [];
  let proxy: Caddy;

  beforeAll(async () => {
    const { runDir, bundle } = suite();
    work = await mkdtemp(join(tmpdir(), 'doers-deploy-'));
    const admin = new pg.Client({ connectionString: DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE SCHEMA "${schema}"`);
    await admin.end();
    const url = new URL(DATABASE_URL!);
    url.searchParams.set('options', `-c search_path=${schema},public`);
    s3 = await startS3Server();
    // compose.yaml's settings: one database, one Redis, one bucket and one set of secrets.
    const env = {
      PUBLIC_URL: 'https://doers.test',
      DATABASE_URL: url.toString(),
      REDIS_URL: REDIS_URL!,
      REDIS_PREFIX: prefix,
      JWT_SECRET,
      FOUNDER_INVITE_CODE: FOUNDER_CODE,
      FOUNDER_SEATS: '100000',
      TRUST_PROXY: '1',
      METRICS_TOKEN,
      // Everyone comes from the proxy's one address: sign-up limits would count them together.
      RATE_LIMIT_FACTOR: '50',
      S3_ENDPOINT: s3.settings.endpoint,
      S3_BUCKET: s3.settings.bucket,
      S3_REGION: s3.settings.region,
      S3_ACCESS_KEY_ID: s3.settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.settings.secretAccessKey,
    };
    const ports = [await freePort(), await freePort()];
    upstreams = ports.map((port) => `127.0.0.1:${port}`);
    // One after the other, as compose.yaml starts them: the first migrates. Each on a fixed
    // port, which the proxy's configuration names; `pglite: true` only stops the helper from
    // giving each a schema of its own (env names the shared one).
    for (const [i, port] of ports.entries())
      instances.push(
        await startServerProcess({
          name: `deploy-${'ab'[i]}`,
          logDir: runDir,
          bundle,
          pglite: true,
          port,
          env,
        }),
      );
    proxy = await startCaddy({ binary: caddy!, runDir, upstreams });
  }, 180_000);

  afterAll(async () => {
    for (const s of streams) s.close();
    await proxy?.stop();
    for (const instance of instances) await instance.dispose();
    await s3?.close();
    const admin = new pg.Client({ connectionString: DATABASE_URL });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}_jobs" CASCADE`);
    await admin.end();
    const redis = new Redis(REDIS_URL!);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
    if (work) await rm(work, { recursive: true, force: true });
    if (exercised.length)
      console.log(`deployment smoke test, through Caddy:\n  ${exercised.join('\n  ')}`);
  });

  const metric = (on: ServerProcess, name: string, labels: Record<string, string> = {}) =>
    metricSum(on.url, METRICS_TOKEN, name, labels);
  const requestsTo = (on: ServerProcess, method: string, route: string) =>
    metric(on, 'doers_http_request_duration_seconds_count', { method, route });

  async function signUp(client: ProxyClient): Promise<AuthResponse> {
    const person = newPerson({ inviteCode: FOUNDER_CODE });
    keepSecrets(person.password);
    const res = await client.call<AuthResponse>('POST', '/api/auth/register', { body: person });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  }

  async function uploadVoice(client: ProxyClient, auth: AuthResponse, purpose: 'post' | 'dm') {
    const form = new FormData();
    form.append('file', new Blob([await readFile(await recorderWebm(work, 1))]), 'voice.webm');
    const res = await client.call<Media>('POST', `/api/media?purpose=${purpose}`, {
      token: auth.tokens.accessToken,
      form,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id;
  }

  async function vibe(client: ProxyClient, from: AuthResponse, to: AuthResponse) {
    const res = await client.call('POST', '/api/vibes', {
      token: from.tokens.accessToken,
      body: { targetUserId: to.user.id, vibeReason: 'inspired' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }

  it("signs up through the proxy; a post written on one instance is in a follower's feed on the other", async () => {
    const [a, b] = instances as [ServerProcess, ServerProcess];
    // Each client's sticky cookie names an instance, as the proxy would have set it.
    const alice = new ProxyClient(proxy.url, upstreams[0]);
    const bob = new ProxyClient(proxy.url, upstreams[1]);
    const [aliceAuth, bobAuth] = [await signUp(alice), await signUp(bob)];
    await vibe(bob, bobAuth, aliceAuth);

    const before = {
      postsOnA: await requestsTo(a, 'POST', '/api/posts'),
      postsOnB: await requestsTo(b, 'POST', '/api/posts'),
      feedOnA: await requestsTo(a, 'GET', '/api/feed'),
    };
    const voiceMediaId = await uploadVoice(alice, aliceAuth, 'post');
    const post = await alice.call<Post>('POST', '/api/posts', {
      token: aliceAuth.tokens.accessToken,
      body: { voiceMediaId, visibility: 'public' },
    });
    expect(post.status, JSON.stringify(post.body)).toBe(201);
    // The timeline entry is written by a job after the commit: on either instance.
    await expect
      .poll(
        async () => {
          const feed = await bob.call<PostPage>('GET', '/api/feed', {
            token: bobAuth.tokens.accessToken,
          });
          expect(feed.status).toBe(200);
          return feed.body.items.map((p) => p.id);
        },
        { timeout: 15_000, interval: 200 },
      )
      .toContain(post.body.id);
    // The write was answered by the first instance, the feed by the second, and only so.
    expect(await requestsTo(a, 'POST', '/api/posts')).toBe(before.postsOnA + 1);
    expect(await requestsTo(b, 'POST', '/api/posts')).toBe(before.postsOnB);
    expect(await requestsTo(b, 'GET', '/api/feed')).toBeGreaterThan(0);
    expect(await requestsTo(a, 'GET', '/api/feed')).toBe(before.feedOnA);
    exercised.push(
      "sign-up of 2 people; a post written on instance A, in the follower's feed read from B",
    );

    // The DM: alice's stream is held by A, bob sends through B.
    await vibe(alice, aliceAuth, bobAuth);
    const conversation = await bob.call<Conversation>('PUT', `/api/dms/with/${aliceAuth.user.id}`, {
      token: bobAuth.tokens.accessToken,
    });
    expect(conversation.status, JSON.stringify(conversation.body)).toBeLessThan(300);
    const stream = await openEventStream(
      proxy.url,
      aliceAuth.tokens.accessToken,
      undefined,
      alice.headers(),
    );
    streams.push(stream);
    expect(stream.status).toBe(200);
    await stream.next('unread-counts');
    expect(await metric(a, 'doers_event_streams_open')).toBe(1);
    expect(await metric(b, 'doers_event_streams_open')).toBe(0);
    const dmMediaId = await uploadVoice(bob, bobAuth, 'dm');
    const sent = await bob.call<DmMessage>('POST', `/api/dms/${conversation.body.id}/messages`, {
      token: bobAuth.tokens.accessToken,
      body: { voiceMediaId: dmMediaId },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const got = await stream.next('dm', 5_000);
    expect(got.event).toMatchObject({ type: 'dm', message: { id: sent.body.id, mine: false } });
    expect(await requestsTo(b, 'POST', '/api/dms/:id/messages')).toBe(1);
    expect(await requestsTo(a, 'POST', '/api/dms/:id/messages')).toBe(0);
    exercised.push('a DM sent through B arrived on the event stream held by A (Redis)');
  });

  it('a video goes up over tus through the proxy, resumes after the connection is cut, and stays on one instance', async () => {
    const owner = new ProxyClient(proxy.url);
    const auth = await signUp(owner);
    const token = auth.tokens.accessToken;
    const bytes = await readFile(await video(work, 4, 'mp4'));
    // No cookie yet: the proxy picks an instance and names it in one.
    const created = await owner.call<string>('POST', '/api/media/uploads', {
      token,
      headers: {
        ...TUS,
        'upload-length': String(bytes.length),
        'upload-metadata': `filename ${Buffer.from('clip.mp4').toString('base64')}`,
      },
    });
    expect(created.status, String(created.body)).toBe(201);
    const location = created.headers.get('location')!;
    expect(location).toMatch(/^\/api\/media\/uploads\/[0-9a-f]{32}$/);
    const holder = upstreams.findIndex((u) => owner.cookie === stickyCookieFor(u));
    expect(holder, `sticky cookie: ${owner.cookie}`).toBeGreaterThanOrEqual(0);

    const tus = (method: string, headers: Record<string, string> = {}, body?: Buffer) =>
      fetch(proxy.url + location, {
        method,
        headers: { ...owner.headers(token), ...TUS, ...headers },
        ...(body ? { body } : {}),
      });
    const offset = async () => {
      const res = await tus('HEAD');
      expect(res.status).toBe(200);
      return Number(res.headers.get('upload-offset'));
    };
    const patch = (from: number, part: Buffer) =>
      tus(
        'PATCH',
        { 'upload-offset': String(from), 'content-type': 'application/offset+octet-stream' },
        part,
      );

    const first = Math.floor(bytes.length / 3);
    expect((await patch(0, bytes.subarray(0, first))).status).toBe(204);
    await owner.droppedPatch(location, token, first, bytes.subarray(first), first);
    // Asked ten times: without stickiness half the asks would reach the other instance (404).
    const offsets = [];
    for (let i = 0; i < 10; i++) offsets.push(await offset());
    const resumeAt = offsets[0]!;
    expect(new Set(offsets).size).toBe(1);
    expect(resumeAt).toBeGreaterThanOrEqual(first);
    expect(resumeAt).toBeLessThan(bytes.length);
    // The upload's bytes are on its instance only: a client stuck to the other one finds nothing.
    const elsewhere = new ProxyClient(proxy.url, upstreams[1 - holder]);
    const lost = await fetch(proxy.url + location, {
      method: 'HEAD',
      headers: { ...elsewhere.headers(token), ...TUS },
    });
    expect(lost.status).toBe(404);

    const rest = await patch(resumeAt, bytes.subarray(resumeAt));
    expect(rest.status).toBe(204);
    expect(rest.headers.get('upload-offset')).toBe(String(bytes.length));
    const id = location.split('/').pop()!;
    const done = await owner.call<Media>('POST', `/api/media/uploads/${id}/finish`, {
      token,
      body: { purpose: 'post' },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(201);
    expect(done.body).toMatchObject({ kind: 'video', contentType: 'video/mp4' });
    const file = await fetch(proxy.url + done.body.url, { headers: owner.headers(token) });
    expect(file.status).toBe(200);
    exercised.push(
      `a ${bytes.length.toLocaleString('en-US')}-byte video over tus on instance ` +
        `${'AB'[holder]}: ${first.toLocaleString('en-US')} bytes, a PATCH cut after ` +
        `${first.toLocaleString('en-US')} more (${(resumeAt - first).toLocaleString('en-US')} ` +
        `kept), resumed at ${resumeAt.toLocaleString('en-US')} (10 HEADs agreed; 404 from the ` +
        'other instance), finished as a video and served from S3',
    );
  });

  it('a rolling restart of both instances loses no request', async () => {
    const client = new ProxyClient(proxy.url);
    const [author, reader] = [await signUp(client), await signUp(client)];
    const voiceMediaId = await uploadVoice(client, author, 'post');
    const post = await client.call<Post>('POST', '/api/posts', {
      token: author.tokens.accessToken,
      body: { voiceMediaId, visibility: 'public' },
    });
    expect(post.status).toBe(201);

    // Four clients without a cookie (the proxy spreads them), each one request after another:
    // a read, then a smile or an unsmile (with an Idempotency-Key, as the app sends writes).
    const figures = { sent: 0, answered: 0, failed: 0, writes: 0 };
    const failures = new Map<string, number>();
    let running = true;
    const worker = async (n: number) => {
      for (let i = 0; running; i++) {
        const write = i % 2 === 1;
        const method = !write ? 'GET' : (i + n) % 4 === 1 ? 'PUT' : 'DELETE';
        const path = write ? `/api/posts/${post.body.id}/smile` : '/api/users/me';
        figures.sent += 1;
        if (write) figures.writes += 1;
        try {
          const res = await fetch(proxy.url + path, {
            method,
            headers: {
              authorization: `Bearer ${reader.tokens.accessToken}`,
              ...(write ? { 'idempotency-key': randomUUID() } : {}),
            },
          });
          await res.arrayBuffer();
          if (res.ok) figures.answered += 1;
          else {
            figures.failed += 1;
            failures.set(
              `${method} ${res.status}`,
              (failures.get(`${method} ${res.status}`) ?? 0) + 1,
            );
          }
        } catch (error) {
          figures.failed += 1;
          const code = String((error as { cause?: { code?: string } }).cause?.code ?? error);
          failures.set(`${method} ${code}`, (failures.get(`${method} ${code}`) ?? 0) + 1);
        }
      }
    };
    const workers = [0, 1, 2, 3].map(worker);
    const pause = (ms: number) => new Promise((ok) => setTimeout(ok, ms));
    const steps: string[] = [];
    await pause(1_000);
    for (const [i, instance] of instances.entries()) {
      const sentBefore = figures.sent;
      const started = performance.now();
      await instance.stop();
      const stopped = performance.now();
      await instance.start();
      // Back in the pool once a client stuck to it is answered without a new cookie.
      const probe = new ProxyClient(proxy.url, upstreams[i]);
      for (;;) {
        const cookie = probe.cookie;
        const res = await probe.call('GET', '/api/health/live');
        if (res.status === 200 && probe.cookie === cookie) break;
        probe.cookie = cookie;
        await pause(100);
      }
      steps.push(
        `${'AB'[i]}: SIGTERM to exit ${Math.round(stopped - started)} ms, back in the pool after ` +
          `${Math.round(performance.now() - started)} ms; ${figures.sent - sentBefore} requests meanwhile`,
      );
      await pause(1_000);
    }
    running = false;
    await Promise.all(workers);
    const lost = [...failures].map(([what, n]) => `${n}× ${what}`).join(', ');
    console.log(
      `rolling restart through Caddy: ${figures.sent} requests sent (${figures.writes} writes), ` +
        `${figures.answered} answered, ${figures.failed} failed${lost ? ` (${lost})` : ''}\n  ` +
        steps.join('\n  '),
    );
    exercised.push(
      `a rolling restart of A then B under 4 clients: ${figures.sent} sent, ` +
        `${figures.answered} answered, ${figures.failed} failed`,
    );
    expect(figures.sent).toBeGreaterThan(0);
    expect(lost).toBe('');
    expect(figures.answered).toBe(figures.sent);
  });
});
