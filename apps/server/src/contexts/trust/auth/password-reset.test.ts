import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, AuthResponse, MessageResponse } from '@doers/contract';
import { device, registerFounder } from '../../../../test/support/people.js';
import { resetLinkIn } from '../../../../test/support/outbox.js';
import { startSmtpInbox } from '../../../../test/support/smtp-inbox.js';
import { startTestServer, type TestServer } from '../../../../test/support/test-server.js';

describe('password reset over SMTP', () => {
  let server: TestServer;
  let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
  beforeAll(async () => {
    inbox = await startSmtpInbox();
    server = await startTestServer({ SMTP_URL: inbox.url, MAIL_FROM: 'Doers <hello@doers.test>' });
  });
  afterAll(async () => {
    await server.close();
    await inbox.close();
  });

  it('mails a link that works once, and signs out every device', async () => {
    const { person, auth } = await registerFounder(server);
    const arriving = inbox.next();
    const res = await server.request<MessageResponse>('POST', '/api/auth/forgot-password', {
      body: { email: person.email.toUpperCase() },
    });
    expect(res.status).toBe(200);
    const mail = await arriving;
    expect(mail.to).toEqual([person.email]);
    expect(mail.raw).toContain('Subject: Reset your Doers password');
    const link = new URL(resetLinkIn(mail.raw));
    expect(link.origin + link.pathname).toBe('http://doers.test/reset-password');
    const token = link.searchParams.get('token')!;
    // Used once before the reset: on PGlite its session user is now kept in memory.
    expect(
      (
        await server.request('GET', `/api/users/${auth.user.id}`, {
          token: auth.tokens.accessToken,
        })
      ).status,
    ).toBe(200);

    const reset = await server.request<MessageResponse>('POST', '/api/auth/reset-password', {
      body: { token, newPassword: 'a brand new secret' },
    });
    expect(reset.status).toBe(200);

    const again = await server.request<ApiErrorBody>('POST', '/api/auth/reset-password', {
      body: { token, newPassword: 'another secret!!' },
    });
    expect(again.status).toBe(400);
    expect(again.body.message).toContain('Invalid or expired reset link');

    const oldPassword = await server.request('POST', '/api/auth/login', {
      body: { email: person.email, password: person.password, device: device() },
    });
    expect(oldPassword.status).toBe(401);
    const newPassword = await server.request<AuthResponse>('POST', '/api/auth/login', {
      body: { email: person.email, password: 'a brand new secret', device: device() },
    });
    expect(newPassword.status).toBe(200);

    expect(
      (
        await server.request('POST', '/api/auth/refresh', {
          body: { refreshToken: auth.tokens.refreshToken },
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await server.request('GET', `/api/users/${auth.user.id}`, {
          token: auth.tokens.accessToken,
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await server.request('GET', `/api/users/${auth.user.id}`, {
          token: newPassword.body.tokens.accessToken,
        })
      ).status,
    ).toBe(200);
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const before = inbox.mails.length;
    const { person } = await registerFounder(server);
    const arriving = inbox.next();
    const known = await server.request('POST', '/api/auth/forgot-password', {
      body: { email: person.email },
    });
    const unknown = await server.request('POST', '/api/auth/forgot-password', {
      body: { email: 'nobody@example.com' },
    });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    await arriving;
    // Give a mail to the unknown address, were there one, the time the known one took.
    await new Promise((r) => setTimeout(r, 300));
    expect(inbox.mails.slice(before).map((m) => m.to[0])).toEqual([person.email]);
  });

  it('refuses a link older than one hour', async () => {
    const { person } = await registerFounder(server);
    const arriving = inbox.next();
    await server.request('POST', '/api/auth/forgot-password', { body: { email: person.email } });
    const token = new URL(resetLinkIn((await arriving).raw)).searchParams.get('token')!;
    server.clock.advance({ hours: 1, seconds: 1 });
    const res = await server.request<ApiErrorBody>('POST', '/api/auth/reset-password', {
      body: { token, newPassword: 'too late now!' },
    });
    expect(res.status).toBe(400);
  });

  it('checks the new password and the token', async () => {
    const short = await server.request<ApiErrorBody>('POST', '/api/auth/reset-password', {
      body: { token: 'x', newPassword: 'short' },
    });
    expect(short.body.errors).toEqual([
      { field: 'newPassword', message: 'Password must be at least 8 characters long' },
    ]);
    const noToken = await server.request<ApiErrorBody>('POST', '/api/auth/reset-password', {
      body: { token: '', newPassword: 'long enough' },
    });
    expect(noToken.body.errors).toEqual([{ field: 'token', message: 'Invalid reset token' }]);
  });

  it('sends at most 3 links an hour to one address', async () => {
    const { person } = await registerFounder(server);
    for (let i = 0; i < 3; i++) {
      expect(
        (
          await server.request('POST', '/api/auth/forgot-password', {
            body: { email: person.email },
          })
        ).status,
      ).toBe(200);
    }
    const limited = await server.request('POST', '/api/auth/forgot-password', {
      body: { email: person.email },
    });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();
  });
});

describe('password reset without SMTP', () => {
  it('writes the mail as an .eml file under DATA_DIR/outbox', async () => {
    const server = await startTestServer({ SMTP_URL: '' });
    try {
      const { person } = await registerFounder(server);
      await server.request('POST', '/api/auth/forgot-password', { body: { email: person.email } });
      const outbox = join(server.dataDir, 'outbox');
      let files: string[] = [];
      for (let i = 0; i < 50 && files.length === 0; i++) {
        await new Promise((r) => setTimeout(r, 50));
        files = await readdir(outbox).catch(() => []);
      }
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/\.eml$/);
      const raw = await readFile(join(outbox, files[0]!), 'utf8');
      expect(raw).toContain(`To: ${person.email}`);
      expect(resetLinkIn(raw)).toContain('http://doers.test/reset-password?token=');
    } finally {
      await server.close();
    }
  });
});
