import type { AuthResponse, DataExport } from '@doers/contract';
import { unzipSync } from 'fflate';
import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dmsKit } from '../../../../test/support/dms.js';
import { createQuest } from '../../../../test/support/quests.js';
import { startSmtpInbox } from '../../../../test/support/smtp-inbox.js';
import { startTestServer, type TestServer } from '../../../../test/support/test-server.js';
import { passTime } from '../../../../test/support/time.js';

const run = promisify(execFile);

describe('your data: the export', () => {
  let server: TestServer;
  let kit: ReturnType<typeof dmsKit>;
  let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
  beforeAll(async () => {
    inbox = await startSmtpInbox();
    server = await startTestServer({
      RATE_LIMIT_FACTOR: '20',
      LOG_LEVEL: 'error',
      SMTP_URL: inbox.url,
    });
    kit = dmsKit(server);
  });
  afterAll(async () => {
    await server.close();
    await inbox.close();
  });

  /** The export's download link, as its owner's list gives it. */
  const linkOf = async (auth: AuthResponse, id: string) => {
    const list = await kit.call<{ items: DataExport[] }>('GET', '/exports', auth);
    return list.body.items.find((e) => e.id === id)?.downloadUrl ?? null;
  };
  const download = (link: string) => fetch(new URL(link, server.url));

  it('holds every item of a scripted history and its playable voice notes, and nobody else’s private data', async () => {
    const [me, friend] = [await kit.person(), await kit.person()];
    const quest = await createQuest(server, me, { title: 'Write every day' });
    const checkIn = await kit.call('POST', `/quests/${quest.id}/check-ins`, me, { day: 'today' });
    expect(checkIn.status).toBe(201);
    const post = await kit.post(me, { transcript: 'My own words' });
    const friendsPost = await kit.post(friend, { visibility: 'vibers', transcript: 'Not mine' });
    const comment = (await kit.comment(me, post.id)).body;
    expect((await kit.react('PUT', 'smile', me, friendsPost.id)).status).toBe(404);
    await kit.mutual(me, friend);
    expect((await kit.react('PUT', 'smile', me, friendsPost.id)).status).toBe(200);
    const conversation = await kit.conversation(me, friend);
    const mine = (await kit.send(me, conversation)).body;
    const theirs = (await kit.send(friend, conversation)).body;

    const requested = await kit.call<DataExport>('POST', '/exports', me);
    expect(requested.status).toBe(201);
    expect(requested.body.status).toBe('preparing');
    expect((await kit.call('POST', '/exports', me)).status).toBe(409);
    await server.app.jobs.drain();
    const list = await kit.call<{ items: DataExport[] }>('GET', '/exports', me);
    expect(list.body.items[0]).toMatchObject({ id: requested.body.id, status: 'ready' });

    // Only a signed link downloads it; only its owner gets one.
    const link = (await linkOf(me, requested.body.id))!;
    expect(await linkOf(friend, requested.body.id)).toBeNull();
    expect((await download(`/api/exports/${requested.body.id}/file`)).status).toBe(404);
    expect((await download(link.replace(/sig=[^&]+/, 'sig=forged'))).status).toBe(404);
    const res = await download(link);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const json = (name: string) => JSON.parse(new TextDecoder().decode(files[name]!)) as unknown;

    expect(json('profile.json')).toMatchObject({
      id: me.user.id,
      email: me.user.email,
      privacy: { privateProfile: false, showStats: true, whoCanMessage: 'everyone' },
    });
    expect(json('quests.json')).toEqual([expect.objectContaining({ id: quest.id, role: 'owner' })]);
    expect(json('check-ins.json')).toHaveLength(1);
    expect(json('posts.json')).toEqual([expect.objectContaining({ id: post.id })]);
    expect(json('comments.json')).toEqual([expect.objectContaining({ id: comment.id })]);
    expect(json('reactions.json')).toMatchObject({ smiles: [{ postId: friendsPost.id }] });
    const transcripts = json('transcripts.json') as { file: string; text: string }[];
    expect(transcripts).toMatchObject([
      { file: post.voice.id, purpose: 'post', text: 'My own words', source: 'device' },
    ]);
    const messages = json('messages.json') as { mine: boolean; voiceFile: string | null }[];
    expect(messages.map((m) => [m.mine, m.voiceFile])).toEqual([
      [true, mine.voice.id],
      [false, null],
    ]);
    // My voice notes are there and play; the friend's are not.
    const names = Object.keys(files);
    for (const id of [post.voice.id, comment.voice.id, mine.voice.id])
      expect(names.some((n) => n.startsWith(`files/${id}.`))).toBe(true);
    for (const id of [friendsPost.voice.id, theirs.voice.id])
      expect(names.some((n) => n.includes(id))).toBe(false);
    const dir = await mkdtemp(join(tmpdir(), 'doers-export-test-'));
    const voice = names.find((n) => n.startsWith(`files/${post.voice.id}.`))!;
    await writeFile(join(dir, 'voice'), files[voice]!);
    const probe = await run('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'format=duration',
      '-of',
      'csv=p=0',
      join(dir, 'voice'),
    ]);
    expect(Number(probe.stdout.trim())).toBeGreaterThan(0.5);

    // The mail says where to download it.
    const mail = inbox.mails.find((m) => m.to.includes(me.user.email));
    expect(mail?.raw).toContain('Subject: Your Doers data is ready');
    expect(mail?.raw).toContain('/settings/your-data');
  });

  it('keeps the file for 7 days, then it is gone', async () => {
    const me = await kit.person();
    const requested = await kit.call<DataExport>('POST', '/exports', me);
    await server.app.jobs.drain();
    const link = (await linkOf(me, requested.body.id))!;
    expect((await download(link)).status).toBe(200);
    await passTime(server, { days: 7, minutes: 1 }, me);
    await server.app.jobs.run('exports.removeExpired');
    const list = await kit.call<{ items: DataExport[] }>('GET', '/exports', me);
    expect(list.body.items[0]?.status).toBe('expired');
    expect(list.body.items[0]?.downloadUrl).toBeNull();
    expect((await download(link)).status).toBe(404);
  });

  it('is prepared once however many requests arrive together', async () => {
    const me = await kit.person();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => kit.call<DataExport>('POST', '/exports', me)),
    );
    // On PostgreSQL the job runs at once, and a tiny export can be ready before the slowest of
    // the eight requests is served: that one is a new request, rightly. What must never happen
    // is two exports in preparation at the same time.
    const rows = await server.db.query<{ created_at: Date; ready_at: Date | null }>(
      'SELECT created_at, ready_at FROM data_exports WHERE user_id = $1 ORDER BY created_at',
      [me.user.id],
    );
    const made = answers.filter((a) => a.status === 201).length;
    expect(made).toBe(rows.length);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(8 - made);
    expect(made).toBeLessThanOrEqual(3);
    for (let i = 1; i < rows.length; i++) {
      expect(rows[i - 1]!.ready_at, 'the one before was still being prepared').not.toBeNull();
      expect(rows[i]!.created_at.getTime()).toBeGreaterThanOrEqual(
        rows[i - 1]!.ready_at!.getTime(),
      );
    }
  });

  it('three a day, each new ZIP removing the one before; the fourth waits for tomorrow', async () => {
    const me = await kit.person();
    const links: string[] = [];
    for (let i = 0; i < 3; i++) {
      const requested = await kit.call<DataExport>('POST', '/exports', me);
      expect(requested.status, JSON.stringify(requested.body)).toBe(201);
      await server.app.jobs.drain();
      links.push((await linkOf(me, requested.body.id))!);
      await passTime(server, { hours: 1 }, me);
    }
    // Only the newest can be downloaded; the ones before it are listed as expired.
    const list = await kit.call<{ items: DataExport[] }>('GET', '/exports', me);
    expect(list.body.items.map((e) => e.status)).toEqual(['ready', 'expired', 'expired']);
    expect((await download(links[0]!)).status).toBe(404);
    expect((await download(links[1]!)).status).toBe(404);
    expect((await download(links[2]!)).status).toBe(200);

    const fourth = await kit.call<DataExport & { message: string }>('POST', '/exports', me);
    expect(fourth.status).toBe(429);
    expect(fourth.body.message).toBe(
      'You can ask for your data 3 times a day. Please try again in 21 hours.',
    );
    expect(Number(fourth.headers.get('retry-after'))).toBe(21 * 3600);
    await passTime(server, { hours: 21 }, me);
    expect((await kit.call('POST', '/exports', me)).status).toBe(201);
  });
});
