import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse, RefreshResponse } from '@doers/contract';
import { device, newPerson } from './support/people.js';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { upload } from './support/media.js';
import { recorderWebm } from './support/media-files.js';
import { registerFounder } from './support/people.js';
import { failRegistrationsOf } from './support/server-error.js';
import { resetLinkIn } from './support/outbox.js';
import { startSmtpInbox } from './support/smtp-inbox.js';
import { FOUNDER_CODE, startTestServer, type TestServer } from './support/test-server.js';

describe('log lines carry no secret', () => {
  const lines: string[] = [];
  let server: TestServer;
  let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
  beforeAll(async () => {
    inbox = await startSmtpInbox();
    server = await startTestServer({ LOG_LEVEL: 'trace', SMTP_URL: inbox.url }, { logs: lines });
  });
  afterAll(async () => {
    await server.close();
    await inbox.close();
  });

  it('through sign-up, sign-in, refresh, reset, change, logout and a database failure', async () => {
    const secrets: string[] = [];
    const keep = (...values: string[]) => (secrets.push(...values), values[0]!);
    const firstPassword = keep('first-Pumpkin-Harbor-91');
    const person = newPerson({ inviteCode: FOUNDER_CODE, password: firstPassword });
    const signedUp = await server.request<AuthResponse>('POST', '/api/auth/register', {
      body: person,
    });
    expect(signedUp.status, JSON.stringify(signedUp.body)).toBe(201);
    keep(signedUp.body.tokens.accessToken, signedUp.body.tokens.refreshToken);

    const wrong = await server.request('POST', '/api/auth/login', {
      body: { email: person.email, password: keep('wrong-Guess-Lighthouse-3'), device: device() },
    });
    expect(wrong.status).toBe(401);
    // A password typed into the login field by mistake is a secret too.
    const misplaced = await server.request('POST', '/api/auth/login', {
      body: { email: keep('Typed-In-The-Wrong-Box-7'), password: 'x', device: device() },
    });
    expect(misplaced.status).toBe(401);
    const signedIn = await server.request<AuthResponse>('POST', '/api/auth/login', {
      body: { email: person.email, password: firstPassword, device: device() },
    });
    expect(signedIn.status).toBe(200);
    keep(signedIn.body.tokens.accessToken, signedIn.body.tokens.refreshToken);

    const refreshed = await server.request<RefreshResponse>('POST', '/api/auth/refresh', {
      body: { refreshToken: signedIn.body.tokens.refreshToken },
    });
    expect(refreshed.status).toBe(200);
    keep(refreshed.body.accessToken, refreshed.body.refreshToken);
    const me = await server.request('GET', '/api/users/me', { token: refreshed.body.accessToken });
    expect(me.status).toBe(200);

    const mail = inbox.next();
    await server.request('POST', '/api/auth/forgot-password', { body: { email: person.email } });
    const resetToken = keep(new URL(resetLinkIn((await mail).raw)).searchParams.get('token')!);
    // The link as the browser opens it: its query is in the request line.
    await server.request('GET', `/reset-password?token=${resetToken}`);
    const secondPassword = keep('second-Walnut-Comet-58');
    const reset = await server.request('POST', '/api/auth/reset-password', {
      body: { token: resetToken, newPassword: secondPassword },
    });
    expect(reset.status).toBe(200);

    const again = await server.request<AuthResponse>('POST', '/api/auth/login', {
      body: { email: person.username, password: secondPassword, device: device() },
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    keep(again.body.tokens.accessToken, again.body.tokens.refreshToken);
    const changed = await server.request('POST', '/api/auth/change-password', {
      token: again.body.tokens.accessToken,
      body: { currentPassword: secondPassword, newPassword: keep('third-Marble-Tundra-24') },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const loggedOut = await server.request('POST', '/api/auth/logout', {
      token: again.body.tokens.accessToken,
      body: { refreshToken: again.body.tokens.refreshToken },
    });
    expect(loggedOut.status).toBeLessThan(300);

    // A database failure whose error quotes the whole failing row: email, password hash, …
    await failRegistrationsOf(server, 'leaky_person');
    const leaky = newPerson({
      username: 'leaky_person',
      email: keep('leaky.person.address@example.com'),
      inviteCode: FOUNDER_CODE,
      password: keep('fourth-Velvet-Glacier-66'),
    });
    const failed = await server.request('POST', '/api/auth/register', { body: leaky });
    expect(failed.status).toBe(500);

    expect(lines.length).toBeGreaterThan(20);
    for (const line of lines) {
      for (const secret of secrets)
        expect(line, `a log line holds ${secret}`).not.toContain(secret);
      expect(line).not.toContain('$argon2'); // no password hash
      expect(line).not.toContain('eyJ'); // no JWT
      expect(line).not.toContain('Failing row');
    }

    // The 5xx is still logged usefully: what failed, where, and which request.
    const failure = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((entry) => entry['msg'] === 'request failed');
    expect(failure).toMatchObject({
      level: 50,
      reqId: expect.any(String),
      err: {
        code: '23514',
        constraint: 'test_refused_username',
        message: expect.stringContaining('violates check constraint'),
        stack: expect.stringContaining(' at '),
      },
    });
    console.log(`${lines.length} log lines, ${secrets.length} secrets, none found in them`);
  });

  it('hold no signature of a signed link: whoever reads them cannot fetch a private file', async () => {
    const { auth } = await registerFounder(server);
    const dir = await mkdtemp(join(tmpdir(), 'doers-logs-'));
    const voice = await upload(
      server,
      auth.tokens.accessToken,
      'report',
      await readFile(await recorderWebm(dir, 1)),
      { filename: 'voice.webm' },
    );
    expect(voice.status, JSON.stringify(voice.body)).toBe(201);
    const signed = new URL(voice.body.url, server.url);
    const sig = signed.searchParams.get('sig');
    expect(sig, 'a report voice note is private: its link is signed').toBeTruthy();
    const before = lines.length;
    // The link as a player fetches it: the signature is in the request line.
    const res = await fetch(signed);
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    const logged = lines
      .slice(before)
      .filter((line) => line.includes(`/api/media/${voice.body.id}`));
    expect(logged.length, 'the request is logged').toBeGreaterThan(0);
    for (const line of logged) {
      expect(line).not.toContain(sig);
      expect(line).toContain('sig=[redacted]');
    }
  });
});
