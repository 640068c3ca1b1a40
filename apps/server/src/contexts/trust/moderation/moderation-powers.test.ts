import type { ApiErrorBody, AuditEntry, AuditPage, AuthResponse } from '@doers/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dmsKit } from '../../../../test/support/dms.js';
import { grantAdmin, grantModeration } from '../../../../test/support/grants.js';
import { device } from '../../../../test/support/people.js';
import { startTestServer, type TestServer } from '../../../../test/support/test-server.js';
import { passTime } from '../../../../test/support/time.js';

// Who may act on whom (docs/product/safety.md): nobody on their own case; only an admin on
// someone who moderates or administers; only an admin lifts a suspension.
describe('the limits of moderation', () => {
  let server: TestServer;
  let kit: ReturnType<typeof dmsKit>;
  let admin: AuthResponse;
  let moderator: AuthResponse;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_FACTOR: '20', LOG_LEVEL: 'error' });
    kit = dmsKit(server);
    [admin, moderator] = [await kit.person(), await kit.person()];
    await grantAdmin(server, admin.user.username);
    await grantModeration(server, moderator.user.username);
  });
  afterAll(() => server.close());

  const report = (auth: AuthResponse, targetType: string, targetId: string) => {
    server.clock.advance({ seconds: 1 });
    return kit.call('POST', '/reports', auth, { category: 'harassment', targetType, targetId });
  };
  const act = (auth: AuthResponse, body: Record<string, unknown>) => {
    server.clock.advance({ seconds: 1 });
    return kit.call<AuditEntry & ApiErrorBody>('POST', '/moderation/actions', auth, {
      reason: 'Checked',
      ...body,
    });
  };
  const lift = (auth: AuthResponse, userId: string, reason = 'Suspended by mistake') => {
    server.clock.advance({ seconds: 1 });
    return kit.call<AuditEntry & ApiErrorBody>(
      'POST',
      `/moderation/suspensions/${userId}/lift`,
      auth,
      { reason },
    );
  };
  const auditOf = async (auth: AuthResponse) =>
    (await kit.call<AuditPage>('GET', '/moderation/audit?limit=50', auth)).body.items;
  const openReportsOn = async (id: string) =>
    server.db.query("SELECT 1 FROM reports WHERE target_id = $1 AND status = 'open'", [id]);

  it('nobody acts on their own post or account, not even to dismiss the report', async () => {
    const reader = await kit.person();
    const post = await kit.post(moderator);
    expect((await report(reader, 'post', post.id)).status).toBe(201);
    expect((await report(reader, 'user', moderator.user.id)).status).toBe(201);
    for (const [targetType, targetId, action] of [
      ['post', post.id, 'dismiss'],
      ['post', post.id, 'hide'],
      ['user', moderator.user.id, 'dismiss'],
      ['user', moderator.user.id, 'warn'],
    ] as const) {
      const res = await act(moderator, { targetType, targetId, action });
      expect(res.status, `${action} ${targetType}`).toBe(403);
      expect(res.body.message).toBe('Ask another moderator to act on your own content or account');
    }
    expect(await openReportsOn(post.id)).toHaveLength(1);
    expect(await openReportsOn(moderator.user.id)).toHaveLength(1);
  });

  it('acting on a moderator or an admin takes an admin', async () => {
    const [reader, otherModerator] = [await kit.person(), await kit.person()];
    await grantModeration(server, otherModerator.user.username);
    const post = await kit.post(otherModerator);
    await report(reader, 'post', post.id);
    await report(reader, 'user', admin.user.id);
    const onlyAdmins = 'Only an admin can act on someone who moderates or administers Doers';
    for (const body of [
      { targetType: 'post', targetId: post.id, action: 'dismiss' },
      { targetType: 'user', targetId: otherModerator.user.id, action: 'suspend' },
      { targetType: 'user', targetId: admin.user.id, action: 'suspend' },
    ]) {
      const res = await act(moderator, body);
      expect(res.status, JSON.stringify(body)).toBe(403);
      expect(res.body.message).toBe(onlyAdmins);
    }
    expect(await openReportsOn(post.id)).toHaveLength(1);
    const hidden = await act(admin, { targetType: 'post', targetId: post.id, action: 'hide' });
    expect(hidden.status, JSON.stringify(hidden.body)).toBe(201);
  });

  it('an admin lifts a suspension at once; the audit log says who and why', async () => {
    const troll = await kit.person();
    const suspended = await act(moderator, {
      targetType: 'user',
      targetId: troll.user.id,
      action: 'suspend',
      reason: 'Insults',
    });
    expect(suspended.status).toBe(201);
    expect(suspended.body).toMatchObject({ suspendedUntil: null, targetSuspended: true });

    const byModerator = await lift(moderator, troll.user.id);
    expect(byModerator.status).toBe(403);
    const lifted = await lift(admin, troll.user.id);
    expect(lifted.status, JSON.stringify(lifted.body)).toBe(201);
    expect(lifted.body).toMatchObject({
      action: 'lift',
      moderator: { id: admin.user.id },
      targetUser: { id: troll.user.id },
      targetSuspended: false,
      reason: 'Suspended by mistake',
    });
    expect((await lift(admin, troll.user.id)).status).toBe(409);

    // The person signs in as before, with nothing restricted.
    const signIn = await server.request<AuthResponse>('POST', '/api/auth/login', {
      body: {
        email: troll.user.email,
        password: 'correct horse battery',
        rememberMe: false,
        device: device(),
      },
    });
    expect(signIn.status).toBe(200);
    expect(signIn.body.suspension).toBeNull();
    expect((await kit.call('GET', '/feed', signIn.body)).status).toBe(200);
    const audit = await auditOf(admin);
    expect(audit.slice(0, 2).map((e) => [e.action, e.targetSuspended])).toEqual([
      ['lift', false],
      ['suspend', false],
    ]);
  });

  it('erasing a moderator keeps their entries under one pseudonym that leads to nobody', async () => {
    const [leaving, spammer, other] = [await kit.person(), await kit.person(), await kit.person()];
    await grantModeration(server, leaving.user.username);
    for (const target of [spammer, other])
      expect(
        (await act(leaving, { targetType: 'user', targetId: target.user.id, action: 'warn' }))
          .status,
      ).toBe(201);
    const deletion = await kit.call('POST', '/me/deletion', leaving, {
      password: 'correct horse battery',
    });
    expect(deletion.status, JSON.stringify(deletion.body)).toBe(200);
    await passTime(server, { days: 15 }, admin);
    await server.app.jobs.run('accounts.erase');

    const entries = (await auditOf(admin)).filter(
      (e) => e.targetUser && [spammer.user.id, other.user.id].includes(e.targetUser.id),
    );
    expect(entries).toHaveLength(2);
    expect(entries.every((e) => e.moderator === null)).toBe(true);
    const pseudonyms = new Set(entries.map((e) => e.formerModerator));
    expect(pseudonyms.size).toBe(1);
    const [pseudonym] = pseudonyms;
    expect(pseudonym).toMatch(/^#[0-9a-f]{8}$/);
    expect(leaving.user.id.startsWith(pseudonym!.slice(1))).toBe(false);
  });
});
