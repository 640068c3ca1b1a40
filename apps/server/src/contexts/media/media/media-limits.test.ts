import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../../../platform/clock.js';
import { diskStorage } from '../../../platform/object-storage.js';
import { UrlSigner } from './media-access.js';
import { MediaRepository } from './media.repository.js';
import { MediaService } from './media.service.js';
import { fetchFile, upload } from '../../../../test/support/media.js';
import { png, recorderWebm } from '../../../../test/support/media-files.js';
import { registerFounder } from '../../../../test/support/people.js';
import { startS3Server } from '../../../../test/support/s3-server.js';
import { startTestServer, type TestServer } from '../../../../test/support/test-server.js';

let work: string;
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'doers-media-limits-'));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe('the upload limit', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('allows 30 uploads in 30 minutes per person, refused ones included, then 429', async () => {
    const token = (await registerFounder(server)).auth.tokens.accessToken;
    const other = (await registerFounder(server)).auth.tokens.accessToken;
    for (let i = 0; i < 30; i++) {
      expect((await upload(server, token, 'post', Buffer.alloc(0))).status).toBe(400);
    }
    const refused = await upload(server, token, 'post', await png(10, 10));
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/Too many attempts/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // The resumable endpoint counts against the same limit.
    const tus = await fetch(`${server.url}/api/media/uploads`, {
      method: 'POST',
      headers: {
        'tus-resumable': '1.0.0',
        'upload-length': '10',
        authorization: `Bearer ${token}`,
      },
    });
    expect(tus.status).toBe(429);
    // Someone else is not held back.
    expect((await upload(server, other, 'post', await png(10, 10))).status).toBe(201);
  });
});

describe('without ffmpeg', () => {
  it('says so at start, refuses voice and video with 503, and still takes photos', async () => {
    const logs: string[] = [];
    const server = await startTestServer(
      { FFMPEG_PATH: '/nonexistent/ffmpeg', LOG_LEVEL: 'error' },
      { logs },
    );
    try {
      expect(logs.join('\n')).toMatch(/Voice and video uploads are off: \/nonexistent\/ffmpeg/);
      const token = (await registerFounder(server)).auth.tokens.accessToken;
      const voice = await upload(
        server,
        token,
        'post',
        await readFile(await recorderWebm(work, 1)),
      );
      expect(voice.status).toBe(503);
      expect(voice.body.message).toMatch(/cannot be processed/);
      expect((await upload(server, token, 'post', await png(10, 10))).status).toBe(201);
    } finally {
      await server.close();
    }
  });
});

describe('on S3 storage (s3rver on loopback)', () => {
  it('stores, serves with ranges and removes a voice note in the bucket', async () => {
    const s3 = await startS3Server();
    const server = await startTestServer({
      S3_ENDPOINT: s3.settings.endpoint,
      S3_BUCKET: s3.settings.bucket,
      S3_ACCESS_KEY_ID: s3.settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.settings.secretAccessKey,
    });
    try {
      const token = (await registerFounder(server)).auth.tokens.accessToken;
      const res = await upload(server, token, 'post', await readFile(await recorderWebm(work, 2)));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const whole = await fetchFile(server, res.body.url);
      expect(whole.bytes.length).toBe(res.body.size);
      const part = await fetchFile(server, res.body.url, { headers: { range: 'bytes=10-99' } });
      expect(part.status).toBe(206);
      expect(part.bytes.equals(whole.bytes.subarray(10, 100))).toBe(true);
      // Nothing went to the local disk.
      const { readdir } = await import('node:fs/promises');
      expect(await readdir(join(server.dataDir, 'media')).catch(() => [])).toEqual([]);
      expect((await server.request('DELETE', `/api/media/${res.body.id}`, { token })).status).toBe(
        204,
      );
      expect((await fetchFile(server, `/api/media/${res.body.id}`, { token })).status).toBe(404);
    } finally {
      await server.close();
      await s3.close();
    }
  });

  it('a half-set S3 configuration stops the server with a message naming what is missing', async () => {
    await expect(startTestServer({ S3_ENDPOINT: 'http://127.0.0.1:9' })).rejects.toThrow(
      /S3_BUCKET: must be set too when S3_ENDPOINT is/,
    );
  });
});

describe('attaching, and who may see an attached file', () => {
  let server: TestServer;
  let media: MediaService;
  let ids: { maya: string; omar: string; lea: string };
  let tokens: { maya: string; omar: string; lea: string };
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_FACTOR: '5' });
    const people = await Promise.all([1, 2, 3].map(() => registerFounder(server)));
    const [m, o, l] = people.map((p) => p.auth);
    ids = { maya: m!.user.id, omar: o!.user.id, lea: l!.user.id };
    tokens = {
      maya: m!.tokens.accessToken,
      omar: o!.tokens.accessToken,
      lea: l!.tokens.accessToken,
    };
    // The service as a module above media sees it, over the server's own database and files.
    media = new MediaService({
      media: new MediaRepository(server.db),
      storage: diskStorage(join(server.dataDir, 'media')),
      signer: new UrlSigner('another-secret-for-this-test-only-0123456789'),
      clock: new TestClock(server.clock.now()),
      ffmpeg: { ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' },
      tempDir: join(server.dataDir, 'media-tmp'),
      resumableDir: join(server.dataDir, 'media-uploads'),
      voiceLimits: async () => ({ postDuration: 120, dmDuration: 120 }),
      room: { perPersonBytes: 250 * 2 ** 20, totalBytes: 10 * 2 ** 30, minFreeBytes: 0 },
      log: pino({ level: 'silent' }),
    });
    // A message's files: its two people see them.
    media.access.register('dm', async (viewer, dmId) => dmId.split(':').includes(viewer));
  });
  afterAll(() => server.close());

  it('a file attached to a message is seen by its two people only', async () => {
    const note = await upload(
      server,
      tokens.maya,
      'dm',
      await readFile(await recorderWebm(work, 1)),
    );
    expect(note.status).toBe(201);
    await server.db.transaction((tx) =>
      media.attach(tx, {
        mediaId: note.body.id,
        ownerId: ids.maya,
        type: 'dm',
        attachedId: `${ids.maya}:${ids.omar}`,
        isPublic: false,
        purpose: 'dm',
      }),
    );
    const seen = (userId: string | null) =>
      media.file(note.body.id, null, { userId }).then(
        () => true,
        () => false,
      );
    expect(await seen(ids.maya)).toBe(true);
    expect(await seen(ids.omar)).toBe(true);
    expect(await seen(ids.lea)).toBe(false);
    expect(await seen(null)).toBe(false);
    // Attached files are kept by the cleanup job and cannot be removed as if unused.
    server.clock.advance({ days: 3 });
    await server.app.jobs.run('media.removeAbandoned');
    expect(await seen(ids.omar)).toBe(true);
  });

  it('refuses to attach someone else’s upload, one of another purpose, or one already used', async () => {
    // The clock moved days ahead: Lea signs up again (a fresh session).
    const lea = (await registerFounder(server)).auth;
    ids.lea = lea.user.id;
    const photo = await upload(server, lea.tokens.accessToken, 'post', await png(20, 20));
    expect(photo.status).toBe(201);
    const attach = (ownerId: string, purpose: 'post' | 'avatar', attachedId: string) =>
      server.db.transaction((tx) =>
        media.attach(tx, {
          mediaId: photo.body.id,
          ownerId,
          type: 'post',
          attachedId,
          isPublic: true,
          purpose,
        }),
      );
    await expect(attach(ids.maya, 'post', 'p1')).rejects.toThrow(/upload the file again/);
    await expect(attach(ids.lea, 'avatar', 'p1')).rejects.toThrow(/made for something else/);
    const attached = await attach(ids.lea, 'post', 'p1');
    expect(attached.url).toBe(`/api/media/${photo.body.id}`);
    await expect(attach(ids.lea, 'post', 'p2')).rejects.toThrow(/already used/);
    // Public now: served to anyone without a signature (this service has no rule of posts to
    // ask how far 'p1' is shown, so the row's own flag counts).
    const served = await media.file(photo.body.id, null, { userId: null });
    expect(served.isPublic).toBe(true);
    // Deleting what it is attached to removes it, files included.
    const removeObjects = await server.db.transaction((tx) =>
      media.detachAndRemove(tx, 'post', 'p1'),
    );
    await removeObjects();
    expect((await fetchFile(server, `/api/media/${photo.body.id}`)).status).toBe(404);
  });
});
