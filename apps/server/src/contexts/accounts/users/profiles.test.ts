import type { InterestsResponse, PublicUser, User } from '@doers/contract';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchFile, upload } from '../../../../test/support/media.js';
import { jpegWithGps, recorderWebm } from '../../../../test/support/media-files.js';
import { registerFounder } from '../../../../test/support/people.js';
import { startTestServer, type TestServer } from '../../../../test/support/test-server.js';

let server: TestServer;
let work: string;
let maya: { token: string; id: string };
let omar: { token: string; id: string };

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_FACTOR: '20' });
  work = await mkdtemp(join(tmpdir(), 'doers-profile-files-'));
  const [m, o] = [(await registerFounder(server)).auth, (await registerFounder(server)).auth];
  maya = { token: m.tokens.accessToken, id: m.user.id };
  omar = { token: o.tokens.accessToken, id: o.user.id };
});

afterAll(async () => {
  await server.close();
  await rm(work, { recursive: true, force: true });
});

type Answer<T> = { status: number; body: T & { message?: string } };
const call = <T = User>(
  method: 'GET' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  token: string,
  body?: unknown,
) => server.request<T>(method, `/api${path}`, { token, body }) as Promise<Answer<T>>;

const mediaRows = async (ownerId: string) =>
  server.db.query<{ id: string; attached_type: string | null; is_public: boolean }>(
    'SELECT id, attached_type, is_public FROM media WHERE owner_id = $1',
    [ownerId],
  );

describe('profile fields', () => {
  it('changes name, bio, colour and halo, and shows them to others', async () => {
    const res = await call('PATCH', '/users/me/profile', maya.token, {
      displayName: '  Maya R  ',
      bio: 'Running every morning',
      colorTheme: '#ff8800',
      haloIntensity: 0.8,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      displayName: 'Maya R',
      bio: 'Running every morning',
      profile: { colorTheme: '#FF8800', haloIntensity: 0.8 },
    });
    const seen = await call<PublicUser>('GET', `/users/${maya.id}`, omar.token);
    expect(seen.body).toMatchObject({ displayName: 'Maya R', bio: 'Running every morning' });
    // Only what is given changes.
    const again = await call('PATCH', '/users/me/profile', maya.token, { bio: '' });
    expect(again.body).toMatchObject({ displayName: 'Maya R', bio: '' });
  });

  it.each([
    [{ displayName: '   ' }, 'Your name cannot be empty'],
    [{ displayName: 'x'.repeat(51) }, 'at most 50 characters'],
    [{ bio: 'x'.repeat(151) }, 'at most 150 characters'],
    [{ bio: 'two\nlines' }, 'one line'],
    [{ colorTheme: 'red' }, '#RRGGBB'],
    [{ haloIntensity: 1.5 }, 'from 0 to 1'],
    [{ email: 'x@y.z' }, ''],
  ])('refuses %j with a clear message', async (body, message) => {
    const res = await call('PATCH', '/users/me/profile', maya.token, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
  });
});

describe('profile picture', () => {
  it('an avatar upload becomes a public square picture; a new one removes the old', async () => {
    const first = await upload(server, maya.token, 'avatar', await jpegWithGps(640, 480));
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const res = await call('PUT', '/users/me/avatar', maya.token, { mediaId: first.body.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.profilePictureUrl).toBe(`/api/media/${first.body.id}`);
    // Anyone, even without signing in, gets the image.
    const file = await fetchFile(server, res.body.profilePictureUrl!);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toMatch(/^image\//);
    const meta = await sharp(file.bytes).metadata();
    expect(meta.width).toBe(meta.height);
    expect(meta.exif).toBeUndefined();
    const seen = await call<PublicUser>('GET', `/users/${maya.id}`, omar.token);
    expect(seen.body.profilePictureUrl).toBe(res.body.profilePictureUrl);
    // Setting the same one again changes nothing.
    const same = await call('PUT', '/users/me/avatar', maya.token, { mediaId: first.body.id });
    expect(same.status).toBe(200);

    const second = await upload(server, maya.token, 'avatar', await jpegWithGps(300, 500));
    const swap = await call('PUT', '/users/me/avatar', maya.token, { mediaId: second.body.id });
    expect(swap.body.profilePictureUrl).toBe(`/api/media/${second.body.id}`);
    expect((await fetchFile(server, `/api/media/${first.body.id}`)).status).toBe(404);
    const rows = await mediaRows(maya.id);
    expect(rows.filter((r) => r.attached_type === 'avatar').map((r) => r.id)).toEqual([
      second.body.id,
    ]);
  });

  it("refuses someone else's upload (404), a voice note (400) and an unknown id (404)", async () => {
    const omars = await upload(server, omar.token, 'avatar', await jpegWithGps(200, 200));
    const theirs = await call('PUT', '/users/me/avatar', maya.token, { mediaId: omars.body.id });
    expect(theirs.status).toBe(404);
    expect(theirs.body.message).toContain('upload was not found');

    const voice = await upload(
      server,
      maya.token,
      'voice-intro',
      await readFile(await recorderWebm(work, 2, 'intro-a.webm')),
    );
    expect(voice.status, JSON.stringify(voice.body)).toBe(201);
    const wrong = await call('PUT', '/users/me/avatar', maya.token, { mediaId: voice.body.id });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toContain('not a profile picture');

    const none = await call('PUT', '/users/me/avatar', maya.token, {
      mediaId: '00000000-0000-4000-8000-000000000000',
    });
    expect(none.status).toBe(404);
    const bad = await call('PUT', '/users/me/avatar', maya.token, { mediaId: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('Not a valid media id');
  });
});

describe('voice intro', () => {
  it('a voice-intro upload becomes the public voice intro; a new one replaces it; delete removes it', async () => {
    const note = await upload(
      server,
      maya.token,
      'voice-intro',
      await readFile(await recorderWebm(work, 3, 'intro-b.webm')),
    );
    const res = await call('PUT', '/users/me/voice-intro', maya.token, { mediaId: note.body.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.voiceIntro).toMatchObject({
      mediaId: note.body.id,
      url: `/api/media/${note.body.id}`,
    });
    expect(res.body.voiceIntro!.durationMs).toBeGreaterThan(2500);
    expect(res.body.voiceIntro!.waveform.length).toBeGreaterThan(0);
    const seen = await call<PublicUser>('GET', `/users/${maya.id}`, omar.token);
    expect(seen.body.voiceIntro?.url).toBe(res.body.voiceIntro!.url);
    const file = await fetchFile(server, res.body.voiceIntro!.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('audio/mp4');

    const next = await upload(
      server,
      maya.token,
      'voice-intro',
      await readFile(await recorderWebm(work, 2, 'intro-c.webm')),
    );
    const swap = await call('PUT', '/users/me/voice-intro', maya.token, { mediaId: next.body.id });
    expect(swap.body.voiceIntro?.mediaId).toBe(next.body.id);
    expect((await fetchFile(server, `/api/media/${note.body.id}`)).status).toBe(404);

    const gone = await call('DELETE', '/users/me/voice-intro', maya.token);
    expect(gone.status).toBe(200);
    expect(gone.body.voiceIntro).toBeNull();
    expect((await fetchFile(server, `/api/media/${next.body.id}`)).status).toBe(404);
  });

  it("refuses someone else's note (404) and a photo or a post's note (400)", async () => {
    const omars = await upload(
      server,
      omar.token,
      'voice-intro',
      await readFile(await recorderWebm(work, 2, 'intro-d.webm')),
    );
    const theirs = await call('PUT', '/users/me/voice-intro', maya.token, {
      mediaId: omars.body.id,
    });
    expect(theirs.status).toBe(404);
    const photo = await upload(server, maya.token, 'avatar', await jpegWithGps(100, 100));
    const wrong = await call('PUT', '/users/me/voice-intro', maya.token, {
      mediaId: photo.body.id,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toContain('not a voice intro');
    const post = await upload(
      server,
      maya.token,
      'post',
      await readFile(await recorderWebm(work, 2, 'post-a.webm')),
    );
    const postNote = await call('PUT', '/users/me/voice-intro', maya.token, {
      mediaId: post.body.id,
    });
    expect(postNote.status).toBe(400);
    // Nothing of Omar's was touched.
    expect((await mediaRows(omar.id)).every((r) => r.attached_type === null)).toBe(true);
  });
});

describe('interests', () => {
  it('lists at least 24 interests with emoji, and saves a choice in its order', async () => {
    const list = await call<InterestsResponse>('GET', '/interests', maya.token);
    expect(list.status).toBe(200);
    expect(list.body.interests.length).toBeGreaterThanOrEqual(24);
    expect(list.body.interests.every((i) => i.emoji.length > 0 && i.label.length > 0)).toBe(true);
    const ids = list.body.interests.map((i) => i.id);
    const chosen = [ids[5]!, ids[0]!, ids[12]!];
    const res = await call('PUT', '/users/me/interests', maya.token, { ids: chosen });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.interests.map((i) => i.id)).toEqual(chosen);
    const seen = await call<PublicUser>('GET', `/users/${maya.id}`, omar.token);
    expect(seen.body.interests).toEqual(res.body.interests);
    // A new choice replaces the old one.
    const next = await call('PUT', '/users/me/interests', maya.token, { ids: ids.slice(0, 4) });
    expect(next.body.interests.map((i) => i.id)).toEqual(ids.slice(0, 4));
  });

  it.each([
    [{ ids: ['fitness', 'running'] }, 'Choose at least 3 interests'],
    [{ ids: ['fitness', 'running', 'no-such-thing'] }, 'Not an interest one can choose: no-such'],
    [{ ids: ['fitness', 'fitness', 'running'] }, 'chosen once'],
    [{ ids: Array.from({ length: 11 }, (_, i) => `x${i}`) }, 'at most 10'],
  ])('refuses %j', async (body, message) => {
    const before = await call('GET', '/users/me', maya.token);
    const res = await call('PUT', '/users/me/interests', maya.token, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
    const after = await call('GET', '/users/me', maya.token);
    expect(after.body.interests).toEqual(before.body.interests);
  });
});
