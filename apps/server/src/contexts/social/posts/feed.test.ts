import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postsKit } from '../../../../test/support/posts.js';
import { createQuest } from '../../../../test/support/quests.js';
import { startTestServer, type TestServer } from '../../../../test/support/test-server.js';

describe('the feed', () => {
  let server: TestServer;
  let kit: ReturnType<typeof postsKit>;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_FACTOR: '20' });
    kit = postsKit(server);
  });
  afterAll(() => server.close());

  it('holds my posts and the posts of people I vibe with, newest first, not of strangers', async () => {
    const [me, friend, stranger] = [await kit.person(), await kit.person(), await kit.person()];
    await kit.vibe(me, friend);
    const older = await kit.post(friend);
    const mine = await kit.post(me);
    const strangers = await kit.post(stranger);
    const page = await kit.feed(me);
    expect(page.items.map((p) => p.id)).toEqual([mine.id, older.id]);
    expect(page.items.map((p) => p.id)).not.toContain(strangers.id);
    const card = page.items[1]!;
    expect(card.author).toMatchObject({ id: friend.user.id, isFounder: true });
    expect(card.author.colorTheme).toMatch(/^#/);
    expect(card.voice.kind).toBe('voice');
    expect(card.hummedBy).toBeNull();
    expect(card.viewer).toEqual({ smiled: false, hummed: false, isAuthor: false, canHum: true });
    // The friend does not vibe with me: my post is not in their feed.
    expect(await kit.feedIds(friend)).toEqual([older.id]);
  });

  it('a new viber gets the newest posts of the person they begin to vibe with', async () => {
    const [me, author] = [await kit.person(), await kit.person()];
    const before = await kit.post(author);
    expect(await kit.feedIds(me)).toEqual([]);
    await kit.vibe(me, author);
    expect(await kit.feedIds(me)).toEqual([before.id]);
  });

  it('vibers-only posts reach mutual vibers only, and leave when vibing stops', async () => {
    const [author, fan, friend] = [await kit.person(), await kit.person(), await kit.person()];
    await kit.vibe(fan, author);
    await kit.mutual(friend, author);
    const secret = await kit.post(author, { visibility: 'vibers' });
    const open = await kit.post(author);
    expect(await kit.feedIds(fan)).toEqual([open.id]);
    expect(await kit.feedIds(friend)).toEqual([open.id, secret.id]);
    expect((await kit.call('GET', `/posts/${secret.id}`, fan)).status).toBe(404);
    expect((await kit.call('GET', `/posts/${secret.id}`, friend)).status).toBe(200);

    // The author stops vibing with the friend: no longer mutual, the vibers-only post goes.
    const stop = await kit.call('DELETE', `/vibes/vibing/${friend.user.id}`, author);
    expect(stop.status).toBeLessThan(300);
    expect(await kit.feedIds(friend)).toEqual([open.id]);
    expect((await kit.call('GET', `/posts/${secret.id}`, friend)).status).toBe(404);
  });

  it('a hum brings a public post to the hummer’s vibers, saying who hummed it', async () => {
    const [author, hummer, listener] = [await kit.person(), await kit.person(), await kit.person()];
    await kit.vibe(listener, hummer);
    const post = await kit.post(author);
    expect(await kit.feedIds(listener)).toEqual([]);
    expect((await kit.react('PUT', 'hum', hummer, post.id)).status).toBe(200);
    const page = await kit.feed(listener);
    expect(page.items.map((p) => p.id)).toEqual([post.id]);
    expect(page.items[0]!.hummedBy).toMatchObject({
      id: hummer.user.id,
      username: hummer.user.username,
    });
    // Taking the hum back takes it out again.
    expect((await kit.react('DELETE', 'hum', hummer, post.id)).status).toBe(200);
    expect(await kit.feedIds(listener)).toEqual([]);
  });

  it('posts on a shared quest reach the other people on it', async () => {
    const [owner, member, outsider] = [await kit.person(), await kit.person(), await kit.person()];
    const quest = await createQuest(server, owner, { allowOthersToJoin: true });
    const join = await kit.call('POST', `/quests/${quest.id}/join`, member);
    expect(join.status, JSON.stringify(join.body)).toBeLessThan(300);
    const post = await kit.post(member, { questId: quest.id });
    expect(post.quest).toMatchObject({ id: quest.id, title: quest.title, emoji: quest.emoji });
    expect(await kit.feedIds(owner)).toEqual([post.id]);
    expect(await kit.feedIds(outsider)).toEqual([]);
  });

  it('blocks hide posts both ways, also from the hums of others', async () => {
    const [a, b, hummer] = [await kit.person(), await kit.person(), await kit.person()];
    await kit.mutual(a, b);
    await kit.vibe(a, hummer);
    const ofB = await kit.post(b);
    const ofA = await kit.post(a);
    expect((await kit.react('PUT', 'hum', hummer, ofB.id)).status).toBe(200);
    expect(await kit.feedIds(a)).toContain(ofB.id);
    expect(await kit.feedIds(b)).toContain(ofA.id);

    await kit.block(b, a);
    expect(await kit.feedIds(a)).toEqual([ofA.id]);
    expect(await kit.feedIds(b)).toEqual([ofB.id]);
    for (const [viewer, post] of [
      [a, ofB],
      [b, ofA],
    ] as const) {
      expect((await kit.call('GET', `/posts/${post.id}`, viewer)).status).toBe(404);
      expect((await kit.react('PUT', 'smile', viewer, post.id)).status).toBe(404);
      const theirs = await kit.call<{ items: unknown[] }>(
        'GET',
        `/users/${post.author.id}/posts`,
        viewer,
      );
      expect(theirs.body.items).toEqual([]);
    }
  });

  it('pages stay stable while new posts arrive: no duplicates, no holes', async () => {
    const [reader, author] = [await kit.person(), await kit.person()];
    await kit.vibe(reader, author);
    const first: string[] = [];
    for (let i = 0; i < 5; i++) first.unshift((await kit.post(author)).id);
    const page1 = await kit.feed(reader, '?limit=2');
    expect(page1.items.map((p) => p.id)).toEqual(first.slice(0, 2));
    expect(page1.nextCursor).not.toBeNull();

    const newer = [(await kit.post(author)).id, (await kit.post(author)).id];
    const seen = [...page1.items.map((p) => p.id)];
    let cursor = page1.nextCursor;
    while (cursor) {
      const next = await kit.feed(reader, `?limit=2&cursor=${cursor}`);
      seen.push(...next.items.map((p) => p.id));
      cursor = next.nextCursor;
    }
    expect(seen).toEqual(first);
    expect((await kit.feed(reader, '?limit=2')).items.map((p) => p.id)).toEqual(newer.reverse());
  });

  it('a timeline past its depth is trimmed, and older pages come from the posts themselves', async () => {
    const small = await startTestServer({ RATE_LIMIT_FACTOR: '20', TIMELINE_DEPTH: '3' });
    try {
      const k = postsKit(small);
      const [reader, a, b] = [await k.person(), await k.person(), await k.person()];
      await k.vibe(reader, a);
      await k.vibe(reader, b);
      const all: string[] = [];
      for (let i = 0; i < 4; i++) {
        all.unshift((await k.post(a)).id);
        all.unshift((await k.post(b)).id);
      }
      all.unshift((await k.post(reader)).id);
      const entries = async () =>
        (
          await small.db.query<{ n: number }>(
            'SELECT count(*)::int AS n FROM timeline WHERE user_id = $1',
            [reader.user.id],
          )
        )[0]!.n;
      expect(await entries()).toBe(9);
      await small.app.jobs.run('posts.trimTimelines');
      expect(await entries()).toBe(3);

      const seen: string[] = [];
      let cursor: string | null = '';
      while (cursor !== null) {
        const next = await k.feed(reader, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
        seen.push(...next.items.map((p) => p.id));
        cursor = next.nextCursor;
      }
      expect(seen).toEqual(all);
    } finally {
      await small.close();
    }
  }, 120_000);

  it('a page is one statement after authenticating', async () => {
    const [reader, a] = [await kit.person(), await kit.person()];
    await kit.vibe(reader, a);
    await kit.post(a, { attachmentMediaId: await kit.uploadPhoto(a) });
    await kit.post(reader);
    // The reader's session is known (decision 8): authenticating reads nothing.
    const sql = await server.statementsOf(() => kit.feed(reader));
    expect(sql.length, sql.join('\n')).toBe(1);
    // The same page again comes from memory (decision 10).
    const again = await server.statementsOf(() => kit.feed(reader));
    expect(again.length, again.join('\n')).toBe(0);
  });

  it('a page kept in memory is never stale: any write in between is seen at the next read', async () => {
    const [reader, author, fan] = [await kit.person(), await kit.person(), await kit.person()];
    await kit.vibe(reader, author);
    const post = await kit.post(author);
    expect((await kit.feed(reader)).items[0]?.counts.smiles).toBe(0);
    expect((await kit.feed(reader)).items[0]?.counts.smiles).toBe(0);
    // Someone else smiles: the reader's page must change although the reader did nothing.
    await kit.react('PUT', 'smile', fan, post.id);
    expect((await kit.feed(reader)).items[0]?.counts.smiles).toBe(1);
    // A new name of the author shows at once too.
    const renamed = await kit.call('PATCH', '/users/me/profile', author, {
      displayName: 'Renamed',
    });
    expect(renamed.status).toBe(200);
    expect((await kit.feed(reader)).items[0]?.author.displayName).toBe('Renamed');
  });
});
