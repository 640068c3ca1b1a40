import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dmsKit } from '../../../../test/support/dms.js';
import { fetchFile, filesIn } from '../../../../test/support/media.js';
import { startTestServer, type TestServer } from '../../../../test/support/test-server.js';

describe('voice direct messages', () => {
  let server: TestServer;
  let kit: ReturnType<typeof dmsKit>;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_FACTOR: '20' });
    kit = dmsKit(server);
  });
  afterAll(() => server.close());

  it('two people exchange voice messages in one conversation, whoever opens it', async () => {
    const [maya, leo] = [await kit.person(), await kit.person()];
    const opened = await kit.open(maya, leo);
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({
      other: { id: leo.user.id, username: leo.user.username, colorTheme: '#4A90E2' },
      lastMessage: null,
      unread: 0,
      canSend: true,
      cannotSendReason: null,
    });
    // Opening from the other side, or again, finds the same conversation.
    expect(await kit.conversation(leo, maya)).toBe(opened.body.id);
    expect(await kit.conversation(maya, leo)).toBe(opened.body.id);
    // A conversation without a message is on nobody's list yet.
    expect((await kit.list(leo)).items).toEqual([]);

    const sent = await kit.send(maya, opened.body.id);
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body).toMatchObject({ senderId: maya.user.id, mine: true, listenedAt: null });
    expect(sent.body.voice).toMatchObject({ kind: 'voice', contentType: 'audio/mp4' });
    const reply = await kit.send(leo, opened.body.id);

    // Newest first, `mine` as each of the two sees it.
    const leoSees = await kit.messages(leo, opened.body.id);
    expect(leoSees.items.map((m) => [m.id, m.mine])).toEqual([
      [reply.body.id, true],
      [sent.body.id, false],
    ]);
    const firstPage = await kit.messages(maya, opened.body.id, '?limit=1');
    expect(firstPage.items.map((m) => m.id)).toEqual([reply.body.id]);
    const secondPage = await kit.messages(
      maya,
      opened.body.id,
      `?limit=1&cursor=${firstPage.nextCursor}`,
    );
    expect(secondPage.items.map((m) => m.id)).toEqual([sent.body.id]);
    expect(secondPage.nextCursor).toBeNull();

    // The list shows the last message with its duration, from each side.
    const [mayaList] = (await kit.list(maya)).items;
    expect(mayaList).toMatchObject({
      id: opened.body.id,
      other: { id: leo.user.id },
      lastMessage: { id: reply.body.id, mine: false },
      unread: 1,
    });
    expect(mayaList!.lastMessage!.durationMs).toBeGreaterThan(500);
    expect((await kit.list(leo)).items[0]).toMatchObject({
      lastMessage: { id: reply.body.id, mine: true },
      unread: 0,
    });
  });

  it('the list is newest activity first, a page at a time', async () => {
    const [me, a, b, c] = [
      await kit.person(),
      await kit.person(),
      await kit.person(),
      await kit.person(),
    ];
    const ids = [];
    for (const other of [a, b, c]) {
      const id = await kit.conversation(me, other);
      await kit.send(other, id);
      ids.push(id);
    }
    // A new message brings the first conversation back to the top.
    await kit.send(me, ids[0]!);
    const page1 = await kit.list(me, '?limit=2');
    expect(page1.items.map((x) => x.id)).toEqual([ids[0], ids[2]]);
    const page2 = await kit.list(me, `?limit=2&cursor=${page1.nextCursor}`);
    expect(page2.items.map((x) => x.id)).toEqual([ids[1]]);
    expect(page2.nextCursor).toBeNull();
  });

  it('unread counts conversations, and opening one reads it', async () => {
    const [me, a, b] = [await kit.person(), await kit.person(), await kit.person()];
    const withA = await kit.conversation(a, me);
    const withB = await kit.conversation(b, me);
    expect(await kit.unreadDMs(me)).toBe(0);
    await kit.send(a, withA);
    await kit.send(a, withA);
    await kit.send(b, withB);
    // Two conversations hold unread messages; the senders have none.
    expect(await kit.unreadDMs(me)).toBe(2);
    expect(await kit.unreadDMs(a)).toBe(0);
    expect((await kit.call('GET', `/dms/${withA}`, me)).body).toMatchObject({ unread: 2 });

    expect((await kit.call('POST', `/dms/${withA}/read`, me)).status).toBe(204);
    expect(await kit.unreadDMs(me)).toBe(1);
    expect((await kit.call('GET', `/dms/${withA}`, me)).body).toMatchObject({ unread: 0 });
    // My own reply does not make it unread for me; theirs does again.
    await kit.send(me, withA);
    expect(await kit.unreadDMs(me)).toBe(1);
    expect(await kit.unreadDMs(a)).toBe(1);
    // Sending is answering: the sender has read everything before their own message.
    await kit.send(a, withA);
    expect(await kit.unreadDMs(me)).toBe(2);
    expect(await kit.unreadDMs(a)).toBe(0);
  });

  it('the recipient marks a message listened once; its sender sees when', async () => {
    const [maya, leo] = [await kit.person(), await kit.person()];
    const id = await kit.conversation(maya, leo);
    const sent = (await kit.send(maya, id)).body;
    const path = `/dms/${id}/messages/${sent.id}/listened`;

    const own = await kit.call('POST', path, maya);
    expect(own.status).toBe(400);
    expect(own.body.message).toContain('Only the person');

    const first = await kit.call<{ listenedAt: string; mine: boolean }>('POST', path, leo);
    expect(first.status).toBe(200);
    expect(first.body.mine).toBe(false);
    expect(first.body.listenedAt).toBe(new Date(server.clock.now()).toISOString());
    server.clock.advance({ minutes: 5 });
    const again = await kit.call<{ listenedAt: string }>('POST', path, leo);
    expect(again.body.listenedAt).toBe(first.body.listenedAt);

    const mayaSees = (await kit.messages(maya, id)).items[0]!;
    expect(mayaSees.listenedAt).toBe(first.body.listenedAt);
    expect((await kit.list(maya)).items[0]!.lastMessage!.listenedAt).toBe(first.body.listenedAt);
  });

  it('a message is heard by its two people only', async () => {
    const [maya, leo, stranger] = [await kit.person(), await kit.person(), await kit.person()];
    const id = await kit.conversation(maya, leo);
    const sent = (await kit.send(maya, id)).body;
    const url = sent.voice.url;
    expect((await fetchFile(server, url)).status).toBe(200);
    const bare = url.split('?')[0]!;
    expect((await fetchFile(server, bare, { token: leo.tokens.accessToken })).status).toBe(200);
    expect((await fetchFile(server, bare, { token: stranger.tokens.accessToken })).status).toBe(
      404,
    );
    expect((await fetchFile(server, bare)).status).toBe(404);

    // Someone else's conversation does not exist for the stranger, whatever they try.
    for (const [method, path] of [
      ['GET', `/dms/${id}`],
      ['GET', `/dms/${id}/messages`],
      ['POST', `/dms/${id}/read`],
      ['POST', `/dms/${id}/messages/${sent.id}/listened`],
      ['DELETE', `/dms/${id}/messages/${sent.id}`],
    ] as const) {
      const res = await kit.call(method, path, stranger);
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    const sneaked = await kit.send(stranger, id);
    expect(sneaked.status).toBe(404);
    expect(sneaked.body.message).toBe('Conversation not found');
    expect((await kit.call('GET', '/dms/not-an-id', maya)).body.message).toContain(
      'Not a valid conversation id',
    );
  });

  it('its sender deletes a message, and its audio is gone for both', async () => {
    const [maya, leo] = [await kit.person(), await kit.person()];
    const id = await kit.conversation(maya, leo);
    const first = (await kit.send(maya, id)).body;
    const second = (await kit.send(maya, id)).body;
    expect(await kit.unreadDMs(leo)).toBe(1);

    const refused = await kit.call('DELETE', `/dms/${id}/messages/${second.id}`, leo);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('You can only delete your own messages');

    const stored = (await filesIn(server, 'media')).length;
    expect((await kit.call('DELETE', `/dms/${id}/messages/${second.id}`, maya)).status).toBe(204);
    expect((await filesIn(server, 'media')).length).toBe(stored - 1);
    expect((await fetchFile(server, second.voice.url)).status).toBe(404);
    expect((await kit.messages(leo, id)).items.map((m) => m.id)).toEqual([first.id]);
    expect((await kit.list(leo)).items[0]!.lastMessage!.id).toBe(first.id);

    // The last unread one deleted: nothing is unread, and an empty conversation leaves the list.
    await kit.call('DELETE', `/dms/${id}/messages/${first.id}`, maya);
    expect(await kit.unreadDMs(leo)).toBe(0);
    expect((await kit.list(leo)).items).toEqual([]);
    expect((await kit.call('DELETE', `/dms/${id}/messages/${first.id}`, maya)).status).toBe(404);
  });

  it('a send replayed with the same Idempotency-Key is one message', async () => {
    const [maya, leo] = [await kit.person(), await kit.person()];
    const id = await kit.conversation(maya, leo);
    const media = await kit.uploadDm(maya);
    const send = () =>
      kit.call<{ id: string }>(
        'POST',
        `/dms/${id}/messages`,
        maya,
        { voiceMediaId: media.body.id },
        { 'idempotency-key': 'dm-1' },
      );
    const [a, b] = [await send(), await send()];
    expect(b.status).toBe(201);
    expect(b.body.id).toBe(a.body.id);
    expect((await kit.messages(leo, id)).items).toHaveLength(1);

    // The same upload cannot become a second message, nor a post's voice note a message.
    const reused = await kit.call('POST', `/dms/${id}/messages`, maya, {
      voiceMediaId: media.body.id,
    });
    expect(reused.status).toBe(400);
    const postVoice = await kit.uploadVoice(maya);
    const wrong = await kit.call('POST', `/dms/${id}/messages`, maya, { voiceMediaId: postVoice });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toContain('made for something else');
  });

  it('the list and a thread are each one read after authenticating', async () => {
    const [maya, leo] = [await kit.person(), await kit.person()];
    const id = await kit.conversation(maya, leo);
    await kit.send(maya, id);
    await kit.send(leo, id);
    for (const path of ['/api/dms', `/api/dms/${id}/messages`, `/api/dms/${id}`]) {
      const get = () => server.request('GET', path, { token: maya.tokens.accessToken });
      expect((await get()).status).toBe(200);
      const sql = await server.statementsOf(get);
      // Her session is known (decision 8): authenticating reads nothing.
      expect(sql.length, sql.join('\n')).toBe(1);
    }
  });
});
