// Stolen tokens: a refresh token replayed after its grace, an access token kept after sign-out,
// a reset link used twice. Each must stop working at once, as the attacker would notice.
import type { RefreshResponse, SessionsResponse } from '@doers/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, closeAgents, loopback, pool, type Reply } from './support/http.js';
import {
  keepSecrets,
  newDevice,
  registerFounder,
  resetTokenFromOutbox,
  signIn,
  strongPassword,
  suite,
  type Person,
} from './support/suite.js';

const { main } = suite();
/** How long a rotated refresh token still works for another tab (accounts-and-sessions.md). */
const GRACE_MS = 10_000;
const home = loopback(12, 0);
const elsewhere = loopback(12, 1);
afterAll(closeAgents);

const refresh = async (refreshToken: string) => {
  const res = await call<RefreshResponse>(main.url, 'POST', '/api/auth/refresh', {
    body: { refreshToken },
    from: home,
  });
  if (res.status === 200) keepSecrets(res.body.accessToken, res.body.refreshToken);
  return res;
};
const me = (token: string, from = home) =>
  call(main.url, 'GET', '/api/users/me', { token, from }).then((r) => r.status);

describe('sessions', () => {
  // A refresh token an attacker copied, rotated by its owner at the start of the file.
  let stolen: Promise<{ person: Person; rotated: Reply<RefreshResponse>; at: number }>;
  beforeAll(() => {
    stolen = registerFounder(main.url).then(async (person) => ({
      person,
      rotated: await refresh(person.refreshToken),
      at: Date.now(),
    }));
    stolen.catch(() => {}); // awaited (and reported) by the last test
  });

  it('inside the grace a replayed refresh token gets the same successor, not a second chain', async () => {
    const person = await registerFounder(main.url);
    const first = await refresh(person.refreshToken);
    const again = await refresh(person.refreshToken);
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.body.refreshToken).toBe(first.body.refreshToken);
    console.log('sessions, refresh replayed inside the grace: 200 with the same successor');
  });

  it('an access token is refused right after sign-out', async () => {
    const person = await registerFounder(main.url);
    const session = await signIn(main.url, { ...person, device: newDevice() }, home);
    expect(session.status).toBe(200);
    const { accessToken, refreshToken } = session.body.tokens;
    const before = await me(accessToken);
    const logout = await call(main.url, 'POST', '/api/auth/logout', {
      body: { refreshToken },
      token: accessToken,
      from: home,
    });
    const after = await me(accessToken);
    const refreshed = await refresh(refreshToken);
    const otherDevice = await me(person.accessToken);
    expect([before, logout.status, after, refreshed.status]).toEqual([200, 204, 401, 401]);
    expect(otherDevice, 'the same person on another device stays signed in').toBe(200);
    console.log(
      `sessions, sign-out: access token ${before} before, ${after} right after; ` +
        `refresh ${refreshed.status}; another device ${otherDevice}`,
    );
  });

  it('a reset link works once, even raced ten times, and ends every session', async () => {
    const person = await registerFounder(main.url);
    const other = await signIn(main.url, { ...person, device: newDevice('Laptop') }, elsewhere);
    expect(other.status).toBe(200);
    const sessions = [
      { access: person.accessToken, refresh: person.refreshToken },
      { access: other.body.tokens.accessToken, refresh: other.body.tokens.refreshToken },
    ];
    for (const s of sessions) expect(await me(s.access)).toBe(200);

    const forgot = await call(main.url, 'POST', '/api/auth/forgot-password', {
      body: { email: person.email },
      from: home,
    });
    expect(forgot.status).toBe(200);
    const token = await resetTokenFromOutbox(main.dataDir, person.email);

    // Ten tabs submit the same link at once, each with its own new password.
    const passwords = Array.from({ length: 10 }, () => strongPassword());
    keepSecrets(...passwords);
    const attempts = await pool(10, 10, (i) =>
      call(main.url, 'POST', '/api/auth/reset-password', {
        body: { token, newPassword: passwords[i] },
        from: loopback(12, 10 + i),
      }),
    );
    const winners = attempts.flatMap((a, i) => (a.status === 200 ? [i] : []));
    expect(winners, attempts.map((a) => a.status).join(',')).toHaveLength(1);
    expect(attempts.filter((a) => a.status === 400)).toHaveLength(9);
    const later = await call(main.url, 'POST', '/api/auth/reset-password', {
      body: { token, newPassword: strongPassword() },
      from: home,
    });
    expect(later.status, 'the same link once more').toBe(400);

    const accessAfter = await Promise.all(sessions.map((s) => me(s.access)));
    const refreshAfter = await Promise.all(sessions.map((s) => refresh(s.refresh)));
    expect(accessAfter).toEqual([401, 401]);
    expect(refreshAfter.map((r) => r.status)).toEqual([401, 401]);
    const oldPassword = await signIn(main.url, person, home);
    const newPassword = await signIn(
      main.url,
      { ...person, password: passwords[winners[0]!]! },
      home,
    );
    expect([oldPassword.status, newPassword.status]).toEqual([401, 200]);
    console.log(
      `sessions, reset link: 10 simultaneous uses → 1 accepted, 9 refused; a later use ` +
        `${later.status}; the 2 earlier sessions: access ${accessAfter.join('/')}, refresh ` +
        `${refreshAfter.map((r) => r.status).join('/')}; old password ${oldPassword.status}, ` +
        `new ${newPassword.status} (the one-hour expiry is tested in apps/server/test)`,
    );
  });
  it('a session ended from the devices list stops at once; nobody ends another person’s', async () => {
    const owner = await registerFounder(main.url);
    const thief = await signIn(main.url, { ...owner, device: newDevice('Thief') }, elsewhere);
    const stranger = await registerFounder(main.url);
    expect(thief.status).toBe(200);
    const list = await call<SessionsResponse>(main.url, 'GET', '/api/auth/sessions', {
      token: owner.accessToken,
      from: home,
    });
    const theirs = list.body.sessions.find((s) => s.deviceName === 'Thief')!;
    expect(list.body.sessions).toHaveLength(2);

    const byStranger = await call(main.url, 'DELETE', `/api/auth/sessions/${theirs.id}`, {
      token: stranger.accessToken,
      from: elsewhere,
    });
    const stillOn = await me(thief.body.tokens.accessToken, elsewhere);
    const byOwner = await call(main.url, 'DELETE', `/api/auth/sessions/${theirs.id}`, {
      token: owner.accessToken,
      from: home,
    });
    const access = await me(thief.body.tokens.accessToken, elsewhere);
    const refreshed = await refresh(thief.body.tokens.refreshToken);
    const ownerStill = await me(owner.accessToken);
    expect([byStranger.status, stillOn]).toEqual([404, 200]);
    expect([byOwner.status, access, refreshed.status, ownerStill]).toEqual([204, 401, 401, 200]);
    console.log(
      `sessions, devices list: another person ending the session → ${byStranger.status} ` +
        `(it stays: ${stillOn}); the owner ending it → ${byOwner.status}, its access token then ` +
        `${access}, its refresh ${refreshed.status}; the owner's own session ${ownerStill}`,
    );
  });

  it('a refresh token replayed after the grace → 401, and its whole family is revoked', async () => {
    // Rotated before the other tests ran: only the rest of the grace is left to wait.
    const { person, rotated, at } = await stolen;
    expect(rotated.status).toBe(200);
    await new Promise((ok) => setTimeout(ok, at + GRACE_MS + 1_000 - Date.now()));

    const replay = await refresh(person.refreshToken);
    const successor = await refresh(rotated.body.refreshToken);
    expect(replay.status).toBe(401);
    expect(successor.status, 'the successor of a replayed token').toBe(401);
    console.log(
      `sessions, refresh replayed ${(GRACE_MS + 1_000) / 1000} s after rotation: ` +
        `${replay.status}; its successor then: ${successor.status} (family revoked)`,
    );
  });
});
