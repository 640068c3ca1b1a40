import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { AuthResponse, TierGrant, User, ViberList } from '@doers/contract';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../seed/demo-seed.js';
import { device } from '../../../../test/support/people.js';
import { startServerProcess } from '../../../../test/support/server-process.js';
import { request } from '../../../../test/support/test-server.js';

const root = resolve(import.meta.dirname, '../../../../../..');

/**
 * `npm run admin -- …` as an operator types it: its own process, on the given DATA_DIR (from the
 * command's bundle: the same sources without tsx's seconds of loading).
 */
function admin(dataDir: string, ...args: string[]) {
  return new Promise<{ code: number; out: string; err: string }>((done) => {
    execFile(
      process.execPath,
      [inject('bundles').admin, ...args],
      {
        cwd: root,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
      },
      (error, out, err) => done({ code: error ? Number(error.code ?? 1) : 0, out, err }),
    );
  });
}

describe('npm run admin', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'doers-admin-cli-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  async function signIn(url: string, login: string) {
    const res = await request<AuthResponse>(url, 'POST', '/api/auth/login', {
      body: { email: login, password: DEMO_PASSWORD, device: device() },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { token: res.body.tokens.accessToken };
  }

  it("grants and revokes on a stopped server's database, and refuses while the server holds it", async () => {
    // The real server (main.ts) on PGlite in dataDir, with the demo seed.
    const server = await startServerProcess({
      name: 'admin-cli',
      logDir: dataDir,
      dataDir,
      pglite: true,
      bundle: inject('bundles').server,
      env: { SEED_DEMO: 'true' },
    });
    let maya = await signIn(server.url, 'maya');
    const me = () => request<User>(server.url, 'GET', '/api/users/me', maya);
    expect((await me()).body.founder.permissions).toMatchObject({
      adminAccess: false,
      moderationTools: false,
    });
    // Leo vibes with Maya in the demo: her vibers list gives his id.
    const vibers = await request<ViberList>(server.url, 'GET', '/api/vibes/vibers', maya);
    const leo = vibers.body.items.find((v) => v.user.username === 'leo')!.user;
    const tier = () =>
      request<TierGrant>(server.url, 'POST', `/api/admin/users/${leo.id}/tier`, {
        ...maya,
        body: { tier: 'champion' },
      });
    expect((await tier()).status).toBe(403);

    const busy = await admin(dataDir, 'grant', 'maya');
    expect(busy.code).toBe(1);
    expect(busy.err).toMatch(/^Stop the server first/);
    await server.stop();

    const granted = await admin(dataDir, 'grant', 'maya');
    expect(granted).toMatchObject({ code: 0, err: '' });
    expect(granted.out.trim()).toBe(
      'Granted admin access and moderation tools to @maya. ' +
        '@maya now has admin access and moderation tools.',
    );
    expect((await admin(dataDir, 'grant', 'nobody')).err.trim()).toBe('No user named nobody');
    const usage = await admin(dataDir, 'promote', 'maya');
    expect(usage.code).toBe(1);
    expect(usage.err).toContain('Unknown command "promote"');
    expect(usage.err).toContain('Usage: npm run admin -- grant <username>');

    await server.start();
    maya = await signIn(server.url, 'maya');
    expect((await me()).body.founder.permissions).toMatchObject({
      adminAccess: true,
      moderationTools: true,
    });
    const done = await tier();
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ supporterTier: 'champion', paymentStatus: 'Exempt' });
    await server.stop();

    // The API tests show that a revoke counts at the next call.
    const revoked = await admin(dataDir, 'revoke', 'maya', '--only', 'admin');
    expect(revoked.out.trim()).toBe(
      'Revoked admin access from @maya. @maya now has moderation tools.',
    );
  }, 600_000);
});
