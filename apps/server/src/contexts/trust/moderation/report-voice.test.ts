import type { AuthResponse, ModerationQueue, Report, ReportPage } from '@doers/contract';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dmsKit, voiceNote } from '../../../../test/support/dms.js';
import { fetchFile, upload } from '../../../../test/support/media.js';
import { jpegWithGps, recorderWebm } from '../../../../test/support/media-files.js';
import { grantModeration as grantAs } from '../../../../test/support/grants.js';
import { startTestServer, type TestServer } from '../../../../test/support/test-server.js';

// A report's voice note (docs/product/safety.md): the reporter's own upload for a report, heard
// by moderators through the queue's signed URL, never by the person reported.
describe('a voice note on a report', () => {
  let server: TestServer;
  let kit: ReturnType<typeof dmsKit>;
  let moderator: AuthResponse;
  let work: string;
  const logs: string[] = [];

  const grantModeration = (auth: AuthResponse) => grantAs(server, auth.user.username);

  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_FACTOR: '20', LOG_LEVEL: 'error' }, { logs });
    kit = dmsKit(server);
    moderator = await kit.person();
    await grantModeration(moderator);
    work = await mkdtemp(join(tmpdir(), 'doers-report-voice-'));
  });
  afterAll(async () => {
    await server.close();
    await rm(work, { recursive: true, force: true });
  });

  const uploadNote = async (auth: AuthResponse, purpose = 'report', bytes?: Buffer) =>
    upload(server, auth.tokens.accessToken, purpose, bytes ?? (await voiceNote()), {
      filename: 'voice.webm',
    });
  const report = (auth: AuthResponse, body: Record<string, unknown>) => {
    server.clock.advance({ seconds: 1 });
    return kit.call<Report>('POST', '/reports', auth, { category: 'harassment', ...body });
  };
  const queue = async (auth = moderator) => {
    const res = await kit.call<ModerationQueue>('GET', '/moderation/queue', auth);
    expect(res.status, JSON.stringify(res.body) + logs.join('\n')).toBe(200);
    return res.body;
  };
  /** Two people who message each other, and a message of the first's. */
  const aMessage = async () => {
    const [sender, receiver] = [await kit.person(), await kit.person()];
    await kit.mutual(sender, receiver);
    const conversation = await kit.conversation(sender, receiver);
    const message = (await kit.send(sender, conversation)).body;
    return { sender, receiver, message };
  };

  it('a reported message with a voice note: the moderator hears both, the person reported neither note', async () => {
    const { sender, receiver, message } = await aMessage();
    const note = await uploadNote(receiver);
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    expect(note.body).toMatchObject({ kind: 'voice', purpose: 'report', contentType: 'audio/mp4' });

    const res = await report(receiver, {
      targetType: 'dm',
      targetId: message.id,
      note: 'Listen to this',
      voiceMediaId: note.body.id,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.voice).toMatchObject({ id: note.body.id, kind: 'voice', purpose: 'report' });

    // The reporter finds it in their own reports, playable.
    const mine = await kit.call<ReportPage>('GET', '/reports/mine', receiver);
    expect(mine.body.items[0]).toMatchObject({ id: res.body.id, voice: { id: note.body.id } });
    expect((await fetchFile(server, mine.body.items[0]!.voice!.url)).status).toBe(200);

    // The queue: the message's voice and the reporter's note, each at a signed URL.
    const item = (await queue()).items.find((i) => i.targetId === message.id)!;
    expect(item).toMatchObject({ targetType: 'dm', gone: false });
    expect(item.reports).toHaveLength(1);
    const heard = item.reports[0]!.voice!;
    expect(heard).toMatchObject({ id: note.body.id, kind: 'voice', contentType: 'audio/mp4' });
    expect(heard.url).toMatch(/\?exp=\d+&sig=/);
    expect(item.voice!.url).toMatch(/\?exp=\d+&sig=/);
    for (const url of [heard.url, item.voice!.url]) {
      const file = await fetchFile(server, url);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('audio/mp4');
      expect(file.bytes.length).toBeGreaterThan(0);
    }

    // The person reported cannot open the note, nor can anyone else without the signature.
    const unsigned = `/api/media/${note.body.id}`;
    expect((await fetchFile(server, unsigned, { token: sender.tokens.accessToken })).status).toBe(
      404,
    );
    expect(
      (await fetchFile(server, unsigned, { token: moderator.tokens.accessToken })).status,
    ).toBe(404);
    expect((await fetchFile(server, unsigned, { token: receiver.tokens.accessToken })).status).toBe(
      200,
    );

    // It stays the reporter's media row (it goes with their account), in use by the report.
    const [row] = await server.db.query<{ owner_id: string; attached_type: string }>(
      'SELECT owner_id, attached_type, attached_id FROM media WHERE id = $1',
      [note.body.id],
    );
    expect(row).toMatchObject({ owner_id: receiver.user.id, attached_type: 'report' });
    const removed = await kit.call('DELETE', `/media/${note.body.id}`, receiver);
    expect(removed.status).toBe(409);

    // A note is used once.
    const someone = await kit.person();
    const again = await report(receiver, {
      targetType: 'user',
      targetId: someone.user.id,
      voiceMediaId: note.body.id,
    });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('That upload is already used elsewhere');
  });

  it('refuses someone else’s upload, one made for something else, and leaves no report behind', async () => {
    const { receiver, message } = await aMessage();
    const stranger = await kit.person();
    const theirs = await uploadNote(stranger);
    expect(theirs.status).toBe(201);
    const res = await report(receiver, {
      targetType: 'dm',
      targetId: message.id,
      voiceMediaId: theirs.body.id,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('That upload was not found: upload the file again');

    // The sender's own message voice: theirs, but not a report's note (and not the reporter's).
    const messageVoice = await report(receiver, {
      targetType: 'dm',
      targetId: message.id,
      voiceMediaId: message.voice.id,
    });
    expect(messageVoice.status).toBe(400);
    expect(messageVoice.body.message).toBe('That upload was not found: upload the file again');

    // A photo is no voice note: refused at upload for a report, and refused when made for a post.
    const photo = await jpegWithGps(320, 240);
    const asReport = await uploadNote(receiver, 'report', photo);
    expect(asReport.status).toBe(415);
    expect(asReport.body.message).toBe('A report takes a voice note only');
    const forPost = await uploadNote(receiver, 'post', photo);
    expect(forPost.status).toBe(201);
    const photoReport = await report(receiver, {
      targetType: 'dm',
      targetId: message.id,
      voiceMediaId: forPost.body.id,
    });
    expect(photoReport.status).toBe(400);
    expect(photoReport.body.message).toBe(
      'That upload was made for something else: upload the file again here',
    );
    // A voice note uploaded for a message (whose limit may be longer) is not a report's.
    const dmNote = await uploadNote(receiver, 'dm');
    expect(dmNote.status).toBe(201);
    expect(
      (
        await report(receiver, {
          targetType: 'dm',
          targetId: message.id,
          voiceMediaId: dmNote.body.id,
        })
      ).status,
    ).toBe(400);
    const notAnId = await report(receiver, {
      targetType: 'dm',
      targetId: message.id,
      voiceMediaId: 'nope',
    });
    expect(notAnId.status).toBe(400);
    expect(notAnId.body.message).toBe('voiceMediaId: Not a valid voice note id');

    // None of those left a report: this one is the first.
    const first = await report(receiver, { targetType: 'dm', targetId: message.id });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.voice).toBeNull();
  });

  it('refuses a note over 60 seconds at upload', async () => {
    const reporter = await kit.person();
    const long = await readFile(await recorderWebm(work, 62, 'long.webm'));
    const res = await uploadNote(reporter, 'report', long);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('Voice notes can be at most 60 seconds');
  });

  it('a moderator reported about sees the report but never hears the reporter’s note', async () => {
    const reporter = await kit.person();
    const reportedModerator = await kit.person();
    await grantModeration(reportedModerator);
    const note = await uploadNote(reporter);
    const res = await report(reporter, {
      targetType: 'user',
      targetId: reportedModerator.user.id,
      voiceMediaId: note.body.id,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);

    const aboutThem = (await queue(reportedModerator)).items.find(
      (i) => i.targetId === reportedModerator.user.id,
    )!;
    expect(aboutThem.reports[0]!.voice).toBeNull();
    const forOthers = (await queue()).items.find((i) => i.targetId === reportedModerator.user.id)!;
    expect(forOthers.reports[0]!.voice).toMatchObject({ id: note.body.id });
  });
});
