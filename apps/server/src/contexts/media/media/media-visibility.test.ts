import type { AuthResponse, PublicUser, User } from '@doers/contract';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dmsKit } from '../../../../test/support/dms.js';
import { grantModeration, hideAs } from '../../../../test/support/grants.js';
import { fetchFile, upload } from '../../../../test/support/media.js';
import { jpegWithGps, recorderWebm } from '../../../../test/support/media-files.js';
import { startTestServer, type TestServer } from '../../../../test/support/test-server.js';

// Who may fetch a file is decided when it is fetched, not when its URL was handed out
// (docs/product/media.md#who-may-see-a-file): a URL someone kept, a link shared, a cache.
describe('a file follows what it belongs to', () => {
  let server: TestServer;
  let kit: ReturnType<typeof dmsKit>;
  let moderator: AuthResponse;
  let work: string;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_FACTOR: '20', LOG_LEVEL: 'error' });
    kit = dmsKit(server);
    moderator = await kit.person();
    await grantModeration(server, moderator.user.username);
    work = await mkdtemp(join(tmpdir(), 'doers-visibility-'));
  });
  afterAll(() => server.close());

  /** A public post with a voice note and a photo: the URLs of both, as anyone is given them. */
  const publicPost = async (author: AuthResponse) => {
    const post = await kit.post(author, { attachmentMediaId: await kit.uploadPhoto(author) });
    return { post, urls: [post.voice.url, post.attachment!.url] };
  };
  const statusesOf = async (urls: string[]) =>
    Promise.all(urls.map(async (url) => (await fetchFile(server, url)).status));
  const voiceIntro = async (auth: AuthResponse) => {
    const note = await upload(
      server,
      auth.tokens.accessToken,
      'voice-intro',
      await readFile(await recorderWebm(work, 2, `intro-${auth.user.id}.webm`)),
    );
    const res = await kit.call<User>('PUT', '/users/me/voice-intro', auth, {
      mediaId: note.body.id,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.voiceIntro!;
  };

  it('a public post’s files stop answering the moment a moderator hides it', async () => {
    const author = await kit.person();
    const { post, urls } = await publicPost(author);
    const first = await fetchFile(server, urls[0]!);
    expect(first.status).toBe(200);
    // Cached for minutes at most: a hide must not be outlived by a year-long cache.
    expect(first.headers.get('cache-control')).toBe('public, max-age=300');

    server.clock.advance({ seconds: 1 });
    await hideAs(server, moderator, { type: 'post', id: post.id }, 'Abuse');
    expect(await statusesOf(urls)).toEqual([404, 404]);
    // The author too: a hidden post is shown to nobody.
    const own = await fetchFile(server, urls[0]!, { token: author.tokens.accessToken });
    expect(own.status).toBe(404);
  });

  it('a deactivated account’s posts, comments, picture and voice intro answer nobody', async () => {
    const [leaving, friend] = [await kit.person(), await kit.person()];
    const { urls } = await publicPost(leaving);
    const friendsPost = await kit.post(friend);
    const comment = (await kit.comment(leaving, friendsPost.id)).body;
    const picture = await upload(server, leaving.tokens.accessToken, 'avatar', await jpegWithGps());
    const withPicture = await kit.call<User>('PUT', '/users/me/avatar', leaving, {
      mediaId: picture.body.id,
    });
    const intro = await voiceIntro(leaving);
    const all = [...urls, comment.voice.url, withPicture.body.profilePictureUrl!, intro.url];
    expect(await statusesOf(all)).toEqual([200, 200, 200, 200, 200]);

    const deletion = await kit.call('POST', '/me/deletion', leaving, {
      password: 'correct horse battery',
    });
    expect(deletion.status, JSON.stringify(deletion.body)).toBe(200);
    expect(await statusesOf(all)).toEqual([404, 404, 404, 404, 404]);
    // The friend's own post is theirs, and still plays.
    expect((await fetchFile(server, friendsPost.voice.url)).status).toBe(200);
  });

  it('a private profile’s voice intro is heard by the person and those who vibe both ways only', async () => {
    const [maya, friend, stranger] = [await kit.person(), await kit.person(), await kit.person()];
    await kit.mutual(maya, friend);
    const intro = await voiceIntro(maya);
    expect((await fetchFile(server, intro.url)).status).toBe(200);

    const made = await kit.call('PATCH', '/users/me/privacy', maya, { privateProfile: true });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    // The public URL handed out before: nobody, whoever asks.
    expect((await fetchFile(server, intro.url)).status).toBe(404);
    expect(
      (await fetchFile(server, intro.url, { token: stranger.tokens.accessToken })).status,
    ).toBe(404);
    // The person and a mutual viber are given a URL that plays.
    const own = (await kit.call<User>('GET', '/users/me', maya)).body.voiceIntro!;
    const friendsView = (await kit.call<PublicUser>('GET', `/users/${maya.user.id}`, friend)).body
      .voiceIntro!;
    for (const url of [own.url, friendsView.url]) {
      expect(url).toMatch(/\?exp=\d+&sig=/);
      const heard = await fetchFile(server, url);
      expect(heard.status).toBe(200);
      expect(heard.headers.get('cache-control')).toBe('private, max-age=3600');
    }
    // A stranger is given none.
    const strangersView = await kit.call<PublicUser>('GET', `/users/${maya.user.id}`, stranger);
    expect(strangersView.body.voiceIntro).toBeNull();

    await kit.call('PATCH', '/users/me/privacy', maya, { privateProfile: false });
    expect((await fetchFile(server, intro.url)).status).toBe(200);
  });
});
