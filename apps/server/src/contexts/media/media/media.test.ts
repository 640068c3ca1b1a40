import { WAVEFORM_PEAKS, type Tokens } from '@doers/contract';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchFile, filesIn, traces, upload } from '../../../../test/support/media.js';
import {
  ffprobeJson,
  jpegWithGps,
  mp4Aac,
  oggOpus,
  png,
  recorderWebm,
  silenceThenTone,
  video,
} from '../../../../test/support/media-files.js';
import { registerFounder } from '../../../../test/support/people.js';
import { startTestServer, type TestServer } from '../../../../test/support/test-server.js';

let server: TestServer;
let work: string;
let maya: string;
let omar: string;
const refreshTokens: Record<'maya' | 'omar', string> = { maya: '', omar: '' };

beforeAll(async () => {
  // Many uploads from two people: the upload limit itself is tested in media-limits.test.ts.
  server = await startTestServer({ RATE_LIMIT_FACTOR: '20' });
  work = await mkdtemp(join(tmpdir(), 'doers-media-files-'));
  const [m, o] = [(await registerFounder(server)).auth, (await registerFounder(server)).auth];
  [maya, omar] = [m.tokens.accessToken, o.tokens.accessToken];
  [refreshTokens.maya, refreshTokens.omar] = [m.tokens.refreshToken, o.tokens.refreshToken];
});

/** Tests move the clock by days: fresh access tokens for both, as the web app would get. */
async function refreshBoth() {
  for (const who of ['maya', 'omar'] as const) {
    const res = await server.request<Tokens>('POST', '/api/auth/refresh', {
      body: { refreshToken: refreshTokens[who] },
    });
    expect(res.status).toBe(200);
    refreshTokens[who] = res.body.refreshToken;
    if (who === 'maya') maya = res.body.accessToken;
    else omar = res.body.accessToken;
  }
}
afterAll(async () => {
  await server.close();
  await rm(work, { recursive: true, force: true });
});

/** Where in an MP4 each top-level box starts: faststart puts `moov` before `mdat`. */
function topLevelBoxes(bytes: Buffer): string[] {
  const boxes: string[] = [];
  for (let at = 0; at + 8 <= bytes.length;) {
    const size = bytes.readUInt32BE(at);
    boxes.push(bytes.toString('latin1', at + 4, at + 8));
    if (size < 8) break;
    at += size;
  }
  return boxes;
}

describe('voice notes', () => {
  it('a recorder WebM (Opus, no duration) becomes AAC in MP4, faststart, with duration and waveform', async () => {
    const res = await upload(server, maya, 'post', await readFile(await recorderWebm(work, 3)), {
      filename: 'note.webm',
      type: 'audio/webm',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const m = res.body;
    expect(m).toMatchObject({ kind: 'voice', purpose: 'post', contentType: 'audio/mp4' });
    expect(m.durationMs).toBeGreaterThanOrEqual(2900);
    expect(m.durationMs).toBeLessThanOrEqual(3100);
    expect(m.waveform).toHaveLength(WAVEFORM_PEAKS);
    expect(Math.max(...m.waveform!)).toBe(1);
    expect(m.waveform!.every((p) => p >= 0 && p <= 1)).toBe(true);
    // A steady tone: every bar but the edges is loud.
    expect(m.waveform!.slice(5, -5).every((p) => p > 0.8)).toBe(true);
    expect(m.url).toMatch(new RegExp(`^/api/media/${m.id}\\?exp=\\d+&sig=`));

    const file = await fetchFile(server, m.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('audio/mp4');
    expect(file.bytes.length).toBe(m.size);
    expect(topLevelBoxes(file.bytes).indexOf('moov')).toBeLessThan(
      topLevelBoxes(file.bytes).indexOf('mdat'),
    );
    const stored = join(work, 'stored.m4a');
    await writeFile(stored, file.bytes);
    const probed = await ffprobeJson(stored);
    expect(probed.streams.map((s) => s.codec_name)).toEqual(['aac']);
    expect(Number(probed.format.duration)).toBeCloseTo(3, 1);
  });

  it('the duration is the sound the note holds, and every bar of a short note is of it', async () => {
    const res = await upload(server, maya, 'dm', await readFile(await recorderWebm(work, 0.6)));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { durationMs, waveform } = res.body;
    // Not rounded up to the AAC's last frame, which its encoder pads with silence (up to 43 ms).
    expect(Math.abs(durationMs! - 600)).toBeLessThanOrEqual(25);
    expect(Math.min(...waveform!)).toBeGreaterThan(0.8);
  });

  it('the waveform follows the sound: low bars for two seconds of silence, high for the tone after', async () => {
    const file = await silenceThenTone(work, 2, 2);
    const res = await upload(server, maya, 'post', await readFile(file));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { durationMs, waveform } = res.body;
    expect(Math.abs(durationMs! - 4000)).toBeLessThanOrEqual(25);
    expect(waveform).toHaveLength(WAVEFORM_PEAKS);
    const half = WAVEFORM_PEAKS / 2;
    expect(Math.max(...waveform!.slice(0, half - 1))).toBeLessThan(0.05);
    expect(Math.min(...waveform!.slice(half + 1))).toBeGreaterThan(0.8);
  });

  it('takes Ogg Opus and MP4/AAC (what Safari records) the same way', async () => {
    for (const file of [await oggOpus(work, 2), await mp4Aac(work, 2)]) {
      const res = await upload(server, maya, 'comment', await readFile(file));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body).toMatchObject({
        kind: 'voice',
        purpose: 'comment',
        contentType: 'audio/mp4',
      });
      expect(res.body.durationMs).toBeGreaterThan(1900);
    }
  });

  it("refuses a note over the caller's limit, naming it: 60 s for comments, the plan's for posts", async () => {
    const long = await readFile(await recorderWebm(work, 62, 'long.webm'));
    const comment = await upload(server, maya, 'comment', long);
    expect(comment.status).toBe(422);
    expect(comment.body.message).toBe('Voice notes can be at most 60 seconds');
    // The free plan allows 120 s per post: 62 s is fine there.
    expect((await upload(server, maya, 'post', long)).status).toBe(201);
    const tooLong = await readFile(await recorderWebm(work, 125, 'too-long.webm'));
    const post = await upload(server, maya, 'post', tooLong);
    expect(post.status).toBe(422);
    expect(post.body.message).toBe('Voice notes can be at most 120 seconds');
  });
});

describe('photos', () => {
  it('are re-encoded without their EXIF: no GPS, no camera, no owner', async () => {
    const original = await jpegWithGps(3000, 2000);
    expect(original.includes('secret owner')).toBe(true);
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const res = await upload(server, maya, 'post', original, {
      filename: 'IMG_0001.JPG',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      kind: 'photo',
      contentType: 'image/jpeg',
      width: 2048,
      height: 1365,
      durationMs: null,
      waveform: null,
      posterUrl: null,
    });
    const file = await fetchFile(server, res.body.url);
    const meta = await sharp(file.bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.iptc).toBeUndefined();
    for (const trace of ['Exif', 'secret owner', 'TestCam', 'GPS']) {
      expect(file.bytes.includes(trace), trace).toBe(false);
    }
    const thumb = await fetchFile(server, res.body.thumbnailUrl!);
    expect(thumb.headers.get('content-type')).toBe('image/jpeg');
    const thumbMeta = await sharp(thumb.bytes).metadata();
    expect(Math.max(thumbMeta.width, thumbMeta.height)).toBe(400);
    expect(thumbMeta.exif).toBeUndefined();
  });

  it('keep transparency as WebP; small ones are not enlarged', async () => {
    const res = await upload(server, maya, 'post', await png(300, 200, true));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ contentType: 'image/webp', width: 300, height: 200 });
    const file = await fetchFile(server, res.body.url);
    expect((await sharp(file.bytes).metadata()).hasAlpha).toBe(true);
  });

  it('a profile picture is cropped square', async () => {
    const res = await upload(server, maya, 'avatar', await jpegWithGps(1600, 900));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ kind: 'photo', purpose: 'avatar', width: 900, height: 900 });
    const thumb = await sharp((await fetchFile(server, res.body.thumbnailUrl!)).bytes).metadata();
    expect([thumb.width, thumb.height]).toEqual([400, 400]);
  });
});

describe('videos', () => {
  it.each(['mp4', 'mov', 'webm'] as const)(
    'a %s is checked, re-wrapped without its metadata and gets a poster',
    async (format) => {
      const res = await upload(server, maya, 'post', await readFile(await video(work, 3, format)));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body).toMatchObject({
        kind: 'video',
        contentType: format === 'webm' ? 'video/webm' : 'video/mp4',
        width: 320,
        height: 240,
        thumbnailUrl: null,
      });
      expect(res.body.durationMs).toBeGreaterThan(2900);
      const file = await fetchFile(server, res.body.url);
      const stored = join(work, `stored-video.${format}`);
      await writeFile(stored, file.bytes);
      const probed = await ffprobeJson(stored);
      expect(JSON.stringify(probed.format.tags ?? {})).not.toMatch(/48\.8577|secret place/);
      expect(file.bytes.includes('48.8577')).toBe(false);
      const poster = await fetchFile(server, res.body.posterUrl!);
      expect(poster.headers.get('content-type')).toBe('image/jpeg');
      expect(await sharp(poster.bytes).metadata()).toMatchObject({ width: 320, height: 240 });
    },
  );

  it('a video over 60 seconds is refused, naming the rule', async () => {
    const res = await upload(
      server,
      maya,
      'post',
      await readFile(await video(work, 62, 'mp4', 'long.mp4')),
    );
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('Videos can be at most 60 seconds');
  });
});

describe('serving', () => {
  let voice: { url: string; size: number; id: string };
  let bytes: Buffer;
  beforeAll(async () => {
    const res = await upload(server, maya, 'post', await readFile(await recorderWebm(work, 4)));
    expect(res.status).toBe(201);
    voice = res.body;
    bytes = (await fetchFile(server, voice.url)).bytes;
  });

  it('answers with headers that never let a browser run the file', async () => {
    const { headers } = await fetchFile(server, voice.url);
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('content-security-policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'; sandbox",
    );
    expect(headers.get('content-disposition')).toBe(`inline; filename="${voice.id}.m4a"`);
    expect(headers.get('cache-control')).toBe('private, max-age=3600');
    expect(headers.get('accept-ranges')).toBe('bytes');
    expect(headers.get('etag')).toBe(`"${voice.id}"`);
  });

  it('serves byte ranges: the first bytes, a middle, the tail, an open end', async () => {
    const cases: [string, number, number][] = [
      ['bytes=0-1', 0, 1],
      ['bytes=100-999', 100, 999],
      ['bytes=-500', bytes.length - 500, bytes.length - 1],
      [`bytes=${bytes.length - 10}-`, bytes.length - 10, bytes.length - 1],
      [`bytes=0-${bytes.length + 1000}`, 0, bytes.length - 1],
      // A suffix longer than the file is all of it (RFC 9110), not a 416.
      [`bytes=-${bytes.length + 1000}`, 0, bytes.length - 1],
    ];
    for (const [range, start, end] of cases) {
      const res = await fetchFile(server, voice.url, { headers: { range } });
      expect(res.status, range).toBe(206);
      expect(res.headers.get('content-range')).toBe(`bytes ${start}-${end}/${bytes.length}`);
      expect(res.headers.get('content-length')).toBe(String(end - start + 1));
      expect(res.bytes.equals(bytes.subarray(start, end + 1))).toBe(true);
    }
  });

  it('answers 416 to a range past the end, and the whole file to one it does not take', async () => {
    for (const range of [
      `bytes=${bytes.length}-`,
      `bytes=${bytes.length + 5}-${bytes.length + 9}`,
    ]) {
      const past = await fetchFile(server, voice.url, { headers: { range } });
      expect(past.status, range).toBe(416);
      expect(past.headers.get('content-range')).toBe(`bytes */${bytes.length}`);
    }
    const notTaken = [
      'bytes=5-2',
      'bytes=0-1,5-9',
      `bytes=0-1,${bytes.length}-`,
      'bytes=-',
      'items=0-5',
    ];
    for (const range of notTaken) {
      const whole = await fetchFile(server, voice.url, { headers: { range } });
      expect(whole.status, range).toBe(200);
      expect(whole.bytes.length).toBe(bytes.length);
    }
  });

  it('answers 304 to a matching If-None-Match, and headers only to HEAD', async () => {
    const cached = await fetchFile(server, voice.url, {
      headers: { 'if-none-match': `"${voice.id}"` },
    });
    expect(cached.status).toBe(304);
    const head = await fetchFile(server, voice.url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(bytes.length));
    expect(head.bytes.length).toBe(0);
  });

  it('a private file: its owner with a token, anyone with the signed URL, nobody else', async () => {
    const bare = `/api/media/${voice.id}`;
    expect((await fetchFile(server, bare, { token: maya })).status).toBe(200);
    expect((await fetchFile(server, bare, { token: omar })).status).toBe(404);
    expect((await fetchFile(server, bare)).status).toBe(404);
    const tampered = voice.url.replace(
      /sig=(.)/,
      (_m, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`,
    );
    expect((await fetchFile(server, tampered)).status).toBe(404);
    const otherFile = voice.url.replace(
      voice.id,
      voice.id.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')),
    );
    expect((await fetchFile(server, otherFile)).status).toBe(404);
    // The signature lasts one to two days.
    server.clock.advance({ days: 1 });
    expect((await fetchFile(server, voice.url)).status).toBe(200);
    server.clock.advance({ days: 1, hours: 1 });
    expect((await fetchFile(server, voice.url)).status).toBe(404);
    await refreshBoth();
    expect((await fetchFile(server, bare, { token: maya })).status).toBe(200);
  });

  it('a variant the file does not have, or an unknown id, is not found', async () => {
    expect(
      (await fetchFile(server, `/api/media/${voice.id}/thumbnail`, { token: maya })).status,
    ).toBe(404);
    expect(
      (
        await fetchFile(server, `/api/media/00000000-0000-4000-8000-000000000000`, {
          token: maya,
        })
      ).status,
    ).toBe(404);
  });
});

describe('removing and the cleanup job', () => {
  it('its owner removes an unused upload; someone else cannot', async () => {
    const res = await upload(server, maya, 'post', await png(50, 50));
    const before = (await filesIn(server, 'media')).length;
    expect(
      (await server.request('DELETE', `/api/media/${res.body.id}`, { token: omar })).status,
    ).toBe(404);
    expect(
      (await server.request('DELETE', `/api/media/${res.body.id}`, { token: maya })).status,
    ).toBe(204);
    expect((await filesIn(server, 'media')).length).toBe(before - 2);
    expect((await fetchFile(server, res.body.url)).status).toBe(404);
  });

  it('removes uploads nothing used after an hour, with their stored files', async () => {
    const res = await upload(server, omar, 'post', await png(60, 60));
    expect(res.status).toBe(201);
    server.clock.advance({ minutes: 50 });
    await refreshBoth();
    await server.app.jobs.run('media.removeAbandoned');
    expect((await fetchFile(server, res.body.url)).status).toBe(200);
    server.clock.advance({ minutes: 20 });
    await refreshBoth();
    await server.app.jobs.run('media.removeAbandoned');
    expect((await fetchFile(server, `/api/media/${res.body.id}`, { token: omar })).status).toBe(
      404,
    );
    expect(await traces(server)).toMatchObject({ rows: 0, stored: 0, temp: 0 });
  });
});
