import { basename } from 'node:path';
import type {
  AccountDeletion,
  AuthResponse,
  MyInvites,
  NotificationPage,
  PostPage,
  Quest,
  User,
} from '@doers/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dmsKit } from '../../../../test/support/dms.js';
import { filesIn } from '../../../../test/support/media.js';
import { device, registerReferred, type newPerson } from '../../../../test/support/people.js';
import { createQuest } from '../../../../test/support/quests.js';
import { startSmtpInbox } from '../../../../test/support/smtp-inbox.js';
import { grantModeration, hideAs } from '../../../../test/support/grants.js';
import { startTestServer, type TestServer } from '../../../../test/support/test-server.js';
import { passTime } from '../../../../test/support/time.js';

type Person = { person: ReturnType<typeof newPerson>; auth: AuthResponse };

/**
 * Every place in the database a person could be named: each column of the app's tables that
 * can hold an id, a name or an address (uuid, text, json, arrays), with the rows that mention
 * any of `needles`. Empty when the person is gone.
 */
async function mentions(server: TestServer, needles: string[]): Promise<string[]> {
  const columns = await server.db.query<{ table_name: string; column_name: string }>(
    `SELECT c.table_name, c.column_name FROM information_schema.columns c
       JOIN information_schema.tables t
         ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
        AND c.data_type IN ('uuid', 'text', 'character varying', 'jsonb', 'json', 'ARRAY')
      ORDER BY 1, 2`,
  );
  expect(columns.length).toBeGreaterThan(100);
  const found: string[] = [];
  for (const { table_name: table, column_name: column } of columns) {
    const rows = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "${table}"
        WHERE lower("${column}"::text) LIKE ANY($1::text[])`,
      [needles.map((n) => `%${n.toLowerCase()}%`)],
    );
    if (rows[0]!.n > 0) found.push(`${table}.${column}: ${rows[0]!.n}`);
  }
  return found;
}

/** The figures kept beside each person and post, against counting their rows again. */
async function countersOutOfStep(server: TestServer): Promise<unknown[]> {
  const people = await server.db.query(
    `SELECT s.user_id, s.total_posts, s.total_smiles, s.total_hums, s.total_post_interactions,
            s.total_smiles_sent, s.total_vibes, s.total_vibers, s.total_vibing_with
       FROM user_stats s
      WHERE s.total_posts <> (SELECT count(*) FROM posts p WHERE p.author_id = s.user_id)
         OR s.total_smiles <> (SELECT count(*) FROM smiles x JOIN posts p ON p.id = x.post_id
                                WHERE p.author_id = s.user_id)
         OR s.total_hums <> (SELECT count(*) FROM hums x JOIN posts p ON p.id = x.post_id
                              WHERE p.author_id = s.user_id)
         OR s.total_post_interactions <> (
              (SELECT count(*) FROM smiles x JOIN posts p ON p.id = x.post_id
                WHERE p.author_id = s.user_id AND x.user_id <> s.user_id)
            + (SELECT count(*) FROM hums x JOIN posts p ON p.id = x.post_id
                WHERE p.author_id = s.user_id AND x.user_id <> s.user_id)
            + (SELECT count(*) FROM comments x JOIN posts p ON p.id = x.post_id
                WHERE p.author_id = s.user_id AND x.author_id <> s.user_id))
         OR s.total_smiles_sent <> (SELECT count(*) FROM smiles x WHERE x.user_id = s.user_id)
         OR s.total_vibes <> (SELECT count(*) FROM vibes v WHERE v.target_user_id = s.user_id)
         OR s.total_vibers <> (SELECT count(*) FROM vibing_with v WHERE v.target_id = s.user_id)
         OR s.total_vibing_with <> (SELECT count(*) FROM vibing_with v WHERE v.user_id = s.user_id)`,
  );
  const posts = await server.db.query(
    // A post counts what everyone may see: not deactivated people's, not hidden comments.
    `SELECT p.id FROM posts p
      WHERE p.smile_count <> (SELECT count(*) FROM smiles x JOIN users u ON u.id = x.user_id
                               WHERE x.post_id = p.id AND u.status <> 'Deleted')
         OR p.hum_count <> (SELECT count(*) FROM hums x JOIN users u ON u.id = x.user_id
                             WHERE x.post_id = p.id AND u.status <> 'Deleted')
         OR p.comment_count <> (SELECT count(*) FROM comments x JOIN users u ON u.id = x.author_id
                                 WHERE x.post_id = p.id AND u.status <> 'Deleted'
                                   AND x.hidden_at IS NULL)
         OR p.vibe_count <> (SELECT count(*) FROM vibes x WHERE x.post_id = p.id)`,
  );
  return [...people, ...posts];
}

describe('deleting an account', () => {
  let server: TestServer;
  let kit: ReturnType<typeof dmsKit>;
  let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
  beforeAll(async () => {
    inbox = await startSmtpInbox();
    server = await startTestServer({ RATE_LIMIT_FACTOR: '20', SMTP_URL: inbox.url });
    kit = dmsKit(server);
  });
  afterAll(async () => {
    await server.close();
    await inbox.close();
  });

  const login = (p: Person) =>
    server.request<AuthResponse & { message?: string }>('POST', '/api/auth/login', {
      body: { email: p.person.email, password: p.person.password, device: device() },
    });
  const deleteAccount = (auth: AuthResponse, password: string) =>
    kit.call<AccountDeletion>('POST', '/me/deletion', auth, { password });

  it('asks for the password, then deactivates at once: signed out and invisible everywhere', async () => {
    const friend = await kit.person();
    const me: Person = await registerReferred(server, friend.user.referralCode);
    const post = await kit.post(me.auth);
    await kit.mutual(me.auth, friend);

    const wrong = await deleteAccount(me.auth, 'not my password');
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors?.[0]).toMatchObject({ field: 'password' });
    expect((await kit.call('GET', '/users/me', me.auth)).status).toBe(200);

    const arriving = inbox.next();
    const res = await deleteAccount(me.auth, me.person.password);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.erasedAt).toBe(
      new Date(server.clock.now().getTime() + 14 * 86_400_000).toISOString(),
    );
    expect((await kit.call('GET', '/users/me', me.auth)).status).toBe(401);
    expect((await kit.call('GET', `/users/${me.auth.user.id}`, friend)).status).toBe(404);
    expect((await kit.call('GET', `/posts/${post.id}`, friend)).status).toBe(404);
    expect(await kit.feedIds(friend)).not.toContain(post.id);
    const mail = await arriving;
    expect(mail.to).toEqual([me.person.email]);
    expect(mail.raw).toContain('Subject: Your Doers account will be deleted');

    // Signing back in within the 14 days keeps it, with everything in it.
    await passTime(server, { days: 13 }, friend);
    const back = await login(me);
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.accountRestored).toBe(true);
    expect((await kit.call('GET', `/posts/${post.id}`, friend)).status).toBe(200);
    await server.app.jobs.run('accounts.erase');
    expect((await kit.call('GET', `/users/${me.auth.user.id}`, friend)).status).toBe(200);
  });

  // A whole history and a scan of every column: longer than one request's test.
  it(
    'after 14 days leaves no row, file or figure that refers to the person',
    { timeout: 120_000 },
    async () => {
      const [friend, third, fourth] = [await kit.person(), await kit.person(), await kit.person()];
      const me: Person = await registerReferred(server, friend.user.referralCode);
      await server.db.query('UPDATE users SET limit_quests = 5 WHERE id = ANY($1::uuid[])', [
        [me.auth.user.id, friend.user.id],
      ]);
      const invited = await registerReferred(server, me.auth.user.referralCode);
      const quotaBefore = (await kit.call<MyInvites>('GET', '/referrals/mine', friend)).body;

      // Quests: mine shared with the friend (who checks in), mine alone, and the friend's I joined.
      const shared = await createQuest(server, me.auth, {
        title: 'Read together',
        allowOthersToJoin: true,
      });
      const solo = await createQuest(server, me.auth, { title: 'Write alone' });
      const theirs = await createQuest(server, friend, { title: 'Swim', allowOthersToJoin: true });
      for (const [who, quest] of [
        [friend, shared],
        [me.auth, theirs],
      ] as const) {
        const joined = await kit.call('POST', `/quests/${quest.id}/join`, who);
        expect(joined.status, JSON.stringify(joined.body)).toBeLessThan(300);
      }
      for (const [who, quest] of [
        [me.auth, shared],
        [me.auth, solo],
        [me.auth, theirs],
        [friend, shared],
      ] as const) {
        const res = await kit.call('POST', `/quests/${quest.id}/check-ins`, who, { day: 'today' });
        expect(res.status, JSON.stringify(res.body)).toBe(201);
      }
      const { totalCheckIns, longestStreak } = await kit.stats(friend);
      expect(totalCheckIns).toBe(1);

      // Posts, reactions and comments both ways; vibes; a hum that carried a post to my vibers.
      await kit.mutual(me.auth, friend);
      await kit.vibe(third, me.auth);
      const mine = await kit.post(me.auth, {
        attachmentMediaId: await kit.uploadPhoto(me.auth),
        transcript: 'What I said',
      });
      // Its transcript, corrected by me ("edited by" names me).
      const corrected = await kit.call('PUT', `/media/${mine.voice.id}/transcript`, me.auth, {
        text: 'What I meant',
      });
      expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
      const theirPost = await kit.post(friend);
      const thirdsPost = await kit.post(third);
      for (const who of [friend, third]) {
        expect((await kit.react('PUT', 'smile', who, mine.id)).status).toBe(200);
        expect((await kit.react('PUT', 'hum', who, mine.id)).status).toBe(200);
      }
      const friendsComment = await kit.call('POST', `/posts/${mine.id}/comments`, friend, {
        voiceMediaId: await kit.uploadVoice(friend, 'comment'),
        transcript: 'Said on your post',
      });
      expect(friendsComment.status).toBe(201);
      expect((await kit.react('PUT', 'smile', third, theirPost.id)).status).toBe(200);
      expect((await kit.react('PUT', 'smile', me.auth, theirPost.id)).status).toBe(200);
      expect((await kit.react('PUT', 'hum', me.auth, thirdsPost.id)).status).toBe(200);
      expect((await kit.comment(me.auth, theirPost.id)).status).toBe(201);
      await kit.vibe(me.auth, friend, theirPost.id);
      await kit.block(me.auth, fourth);

      // Messages both ways, an export, a report each way and a moderator's action on my post.
      const conversation = await kit.conversation(me.auth, friend);
      expect((await kit.send(me.auth, conversation)).status).toBe(201);
      expect((await kit.send(friend, conversation)).status).toBe(201);
      expect((await kit.call('POST', '/exports', me.auth)).status).toBe(201);
      await server.app.jobs.drain();
      const report = (targetType: string, targetId: string, by: AuthResponse) =>
        kit.call('POST', '/reports', by, { targetType, targetId, category: 'spam' });
      expect((await report('post', mine.id, third)).status).toBe(201);
      expect((await report('post', theirPost.id, me.auth)).status).toBe(201);
      await grantModeration(server, fourth.user.username);
      await hideAs(server, fourth, { type: 'post', id: mine.id });
      const myMedia = await server.db.query<{ id: string }>(
        'SELECT id FROM media WHERE owner_id = $1',
        [me.auth.user.id],
      );
      expect(myMedia).toHaveLength(4); // the post's voice and photo, my comment, my message
      const othersFilesWithMe = await server.db.query<{ id: string }>(
        `SELECT id FROM media WHERE owner_id <> $1 AND attached_type IN ('comment', 'dm')
          AND (attached_id IN (SELECT id::text FROM comments WHERE post_id = $2)
            OR attached_id IN (SELECT id::text FROM dm_messages WHERE conversation_id = $3))`,
        [me.auth.user.id, mine.id, conversation],
      );
      expect(othersFilesWithMe).toHaveLength(2);
      expect(await countersOutOfStep(server)).toEqual([]);

      expect((await deleteAccount(me.auth, me.person.password)).status).toBe(200);
      await passTime(server, { days: 13, hours: 23 }, friend, third, invited.auth);
      await server.app.jobs.run('accounts.erase');
      expect(
        await server.db.query('SELECT 1 FROM users WHERE id = $1', [me.auth.user.id]),
      ).toHaveLength(1);
      await passTime(server, { hours: 1 }, friend, third, invited.auth);
      // The friend's feed page is kept in memory now: the erasure must change it at once.
      const friendsFeed = async () => (await kit.call<PostPage>('GET', '/feed', friend)).body.items;
      const feedBefore = await friendsFeed();
      expect(feedBefore.find((p) => p.id === theirPost.id)?.counts.vibes).toBe(1);
      expect(feedBefore.map((p) => p.id)).toContain(thirdsPost.id);
      await server.app.jobs.run('accounts.erase');
      const feedAfter = await friendsFeed();
      expect(feedAfter.find((p) => p.id === theirPost.id)?.counts.vibes).toBe(0);
      // The post reached the friend through my hum alone: it leaves with me.
      expect(feedAfter.map((p) => p.id)).not.toContain(thirdsPost.id);

      // Nothing in any table names me, my address or my username.
      const needles = [me.auth.user.id, me.person.email, me.person.username];
      expect(await mentions(server, needles)).toEqual([]);
      // No stored file of mine, nor of others' comments on my post and messages to me, nor my export.
      // Nor the transcripts of those voice notes.
      const transcripts = await server.db.query(
        'SELECT media_id FROM transcripts WHERE media_id = ANY($1::uuid[])',
        [[...myMedia, ...othersFilesWithMe].map((m) => m.id)],
      );
      expect(transcripts).toEqual([]);
      const stored = (await filesIn(server, 'media')).map((f) => basename(f));
      for (const { id } of [...myMedia, ...othersFilesWithMe])
        expect(stored.filter((f) => f.startsWith(id))).toEqual([]);
      expect(stored.filter((f) => f.endsWith('.zip'))).toEqual([]);
      const kept = await server.db.query<{ id: string }>('SELECT id FROM media');
      const keptIds = new Set(kept.map((m) => m.id));
      expect(stored.filter((f) => !keptIds.has(f.slice(0, 36)))).toEqual([]);

      // Every figure is what the remaining rows say; the friend keeps their check-in and my quest.
      expect(await countersOutOfStep(server)).toEqual([]);
      expect(await kit.stats(friend)).toMatchObject({ totalCheckIns, longestStreak });
      const handed = await kit.call<Quest>('GET', `/quests/${shared.id}`, friend);
      expect(handed.status).toBe(200);
      expect(handed.body.owner.id).toBe(friend.user.id);
      expect((await kit.call('GET', `/quests/${solo.id}`, friend)).status).toBe(404);
      // The friend's referral count stands; the one I invited is simply a member now.
      const quotaAfter = (await kit.call<MyInvites>('GET', '/referrals/mine', friend)).body;
      expect(quotaBefore.totalReferred).toBe(1);
      expect(quotaAfter.totalReferred).toBe(1);
      const friendNow = (await kit.call<User>('GET', '/users/me', friend)).body;
      expect(friendNow.referralTracking.totalLifetimeReferrals).toBe(1);
      expect((await kit.call('GET', '/users/me', invited.auth)).status).toBe(200);
      // The friend's list: the smile on their post now comes from the third person alone.
      const lines = (await kit.call<NotificationPage>('GET', '/notifications', friend)).body.items;
      const smile = lines.find((l) => l.type === 'smile');
      expect(smile?.actors.map((a) => a.id)).toEqual([third.user.id]);
      expect(
        inbox.mails.some(
          (m) =>
            m.to.includes(me.person.email) &&
            m.raw.includes('Subject: Your Doers account has been deleted'),
        ),
      ).toBe(true);
    },
  );
});
