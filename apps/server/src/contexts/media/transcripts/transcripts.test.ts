import type {
  AuthResponse,
  Comment,
  DmMessage,
  Post,
  PostPage,
  PublicUser,
  Transcript,
  User,
} from '@doers/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dmsKit, voiceNote } from '../../../../test/support/dms.js';
import { upload } from '../../../../test/support/media.js';
import { startTestServer, type TestServer } from '../../../../test/support/test-server.js';

// The test notes last one second: their transcripts may hold maxTranscriptLength(1000) = 60.
const SAID = 'Ran five kilometres before breakfast';

describe('transcripts: the device’s words, the speaker’s corrections', () => {
  let server: TestServer;
  let kit: ReturnType<typeof dmsKit>;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_FACTOR: '20' });
    kit = dmsKit(server);
  });
  afterAll(() => server.close());

  const correct = (auth: AuthResponse, mediaId: string, text: string) =>
    kit.call<Transcript>('PUT', `/media/${mediaId}/transcript`, auth, { text });
  const postOf = async (auth: AuthResponse, id: string) =>
    (await kit.call<Post>('GET', `/posts/${id}`, auth)).body;

  it('a post, a comment, a message and an intro carry the words their device heard to every reader', async () => {
    const [speaker, reader] = [await kit.person(), await kit.person()];
    await kit.mutual(speaker, reader);
    const device = { text: SAID, source: 'device', editedBy: null };

    const post = await kit.post(speaker, { transcript: `  ${SAID} ` });
    expect(post.voice.transcript).toEqual(device);
    expect((await postOf(reader, post.id)).voice.transcript).toEqual(device);
    const feed = (await kit.feed(reader)).items.find((p) => p.id === post.id);
    expect(feed?.voice.transcript).toEqual(device);
    const explore = await kit.call<PostPage>('GET', '/explore/posts', reader);
    expect(explore.body.items.find((p) => p.id === post.id)?.voice.transcript).toEqual(device);
    // Without the device's words (and no engine set up): none.
    expect((await kit.post(speaker)).voice.transcript).toBeNull();

    const voiceMediaId = await kit.uploadVoice(reader, 'comment');
    const comment = await kit.call<Comment>('POST', `/posts/${post.id}/comments`, reader, {
      voiceMediaId,
      transcript: 'Well done',
    });
    expect(comment.body.voice.transcript?.text).toBe('Well done');
    const comments = await kit.call<{ items: Comment[] }>(
      'GET',
      `/posts/${post.id}/comments`,
      speaker,
    );
    expect(comments.body.items[0]!.voice.transcript?.text).toBe('Well done');

    const conversation = await kit.conversation(speaker, reader);
    const dm = await kit.uploadDm(speaker);
    const sent = await kit.call<DmMessage>('POST', `/dms/${conversation}/messages`, speaker, {
      voiceMediaId: dm.body.id,
      transcript: 'See you at the track',
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const heard = await kit.messages(reader, conversation);
    expect(heard.items[0]!.voice.transcript?.text).toBe('See you at the track');

    const intro = await upload(
      server,
      speaker.tokens.accessToken,
      'voice-intro',
      await voiceNote(),
    );
    const me = await kit.call<User>('PUT', '/users/me/voice-intro', speaker, {
      mediaId: intro.body.id,
      transcript: 'I run',
    });
    expect(me.body.voiceIntro?.transcript).toEqual({ ...device, text: 'I run' });
    const seen = await kit.call<PublicUser>('GET', `/users/${speaker.user.id}`, reader);
    expect(seen.body.voiceIntro?.transcript?.text).toBe('I run');
  });

  it('refuses words longer than the note could hold, saying how many it may', async () => {
    const speaker = await kit.person();
    const voiceMediaId = await kit.uploadVoice(speaker);
    const long = 'word '.repeat(13).trim(); // 64 characters
    const res = await kit.call<Post>('POST', '/posts', speaker, {
      voiceMediaId,
      visibility: 'public',
      transcript: long,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'The transcript of a 1-second voice note can be at most 60 characters; this one has 64.',
    );
    // Nothing was kept of it: the same note posts with words that fit.
    const post = await kit.post(speaker, { voiceMediaId, transcript: 'x'.repeat(60) });
    expect(post.voice.transcript?.text).toHaveLength(60);
  });

  it('only the speaker corrects a transcript, and the correction is marked edited by them', async () => {
    const [speaker, viber, stranger] = [await kit.person(), await kit.person(), await kit.person()];
    await kit.mutual(speaker, viber);
    const post = await kit.post(speaker, { transcript: 'Ran five kilo meters' });
    // A page of the feed kept in memory before the correction must not show the old words.
    expect((await kit.feed(viber)).items[0]!.voice.transcript?.text).toBe('Ran five kilo meters');

    expect((await correct(viber, post.voice.id, 'Ran five kilometres')).status).toBe(403);
    const hidden = await kit.post(speaker, { visibility: 'vibers' });
    const refused = await correct(stranger, hidden.voice.id, 'Something else');
    expect(refused.status).toBe(404);

    const res = await correct(speaker, post.voice.id, '  Ran five kilometres ');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const edited = {
      text: 'Ran five kilometres',
      source: 'device',
      editedBy: speaker.user.username,
    };
    expect(res.body).toEqual(edited);
    expect((await postOf(stranger, post.id)).voice.transcript).toEqual(edited);
    expect((await kit.feed(viber)).items.find((p) => p.id === post.id)?.voice.transcript).toEqual(
      edited,
    );

    // Where there were no words, the speaker's become the transcript.
    const none = await kit.post(speaker);
    expect((await correct(speaker, none.voice.id, 'Hello')).body).toEqual({
      text: 'Hello',
      source: 'device',
      editedBy: speaker.user.username,
    });
    const tooLong = await correct(speaker, none.voice.id, 'x'.repeat(61));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toContain('at most 60 characters');
    expect((await postOf(speaker, none.id)).voice.transcript?.text).toBe('Hello');
  });

  it('a message’s words stay as sent, and an upload nothing uses has none to correct', async () => {
    const [speaker, other] = [await kit.person(), await kit.person()];
    await kit.mutual(speaker, other);
    const conversation = await kit.conversation(speaker, other);
    const sent = await kit.send(speaker, conversation);
    const res = await correct(speaker, (sent.body as DmMessage).voice.id, 'Changed my mind');
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("A message's transcript cannot be changed once it is sent");
    const unused = await kit.uploadVoice(speaker);
    expect((await correct(speaker, unused, 'Hello')).status).toBe(404);
  });

  it('Settings → Accessibility keeps "always show transcripts" on the account', async () => {
    const person = await kit.person();
    const before = (await kit.call<User>('GET', '/users/me', person)).body;
    expect(before.alwaysShowTranscripts).toBe(false);
    const on = await kit.call<User>('PATCH', '/users/me/preferences', person, {
      alwaysShowTranscripts: true,
    });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(on.body.alwaysShowTranscripts).toBe(true);
    expect(on.body.dayStartHour).toBe(before.dayStartHour);
    const hour = await kit.call<User>('PATCH', '/users/me/preferences', person, {
      dayStartHour: before.dayStartHour + 1,
    });
    expect([hour.body.dayStartHour, hour.body.alwaysShowTranscripts]).toEqual([
      before.dayStartHour + 1,
      true,
    ]);
    expect((await kit.call('PATCH', '/users/me/preferences', person, {})).status).toBe(400);
  });
});
