import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ONBOARDING_STEPS, type AuthResponse, type User } from '@doers/contract';
import { expect, type APIRequestContext } from '@playwright/test';

export const FOUNDER_CODE = 'E2E-FOUNDERS';
/** The e2e server's outbox (scripts/e2e-server.mjs keeps its data under its port). */
export const OUTBOX = `.test-data/e2e-${process.env['E2E_PORT'] ?? 3100}/outbox`;

export type Person = { username: string; email: string; password: string };

export function newPerson(prefix = 'doer'): Person {
  const username = `${prefix}_${randomBytes(4).toString('hex')}`;
  return { username, email: `${username}@example.com`, password: 'steady-progress-42' };
}

const device = () => ({
  id: `e2e-${randomBytes(6).toString('hex')}`,
  name: 'e2e',
  type: 'web' as const,
  os: 'Linux',
  browser: 'Chromium',
});

/** Signs a person up through the API (set-up for tests about something else). */
export async function signUpByApi(
  request: APIRequestContext,
  person: Person,
  how: { founder: true } | { referralCode: string },
): Promise<AuthResponse> {
  const res = await request.post('/api/auth/register', {
    data: {
      ...person,
      referralCode: 'referralCode' in how ? how.referralCode : '',
      inviteCode: 'founder' in how ? FOUNDER_CODE : '',
      paymentMethodId: '',
      device: device(),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as AuthResponse;
}

export async function finishOnboardingByApi(
  request: APIRequestContext,
  auth: AuthResponse,
): Promise<void> {
  for (const step of ONBOARDING_STEPS) {
    const res = await request.post('/api/users/onboarding/progress', {
      data: { step },
      headers: { authorization: `Bearer ${auth.tokens.accessToken}` },
    });
    expect(res.ok()).toBe(true);
  }
}

export async function getUserByApi(request: APIRequestContext, auth: AuthResponse): Promise<User> {
  const res = await request.get(`/api/users/${auth.user.id}`, {
    headers: { authorization: `Bearer ${auth.tokens.accessToken}` },
  });
  expect(res.ok()).toBe(true);
  return (await res.json()) as User;
}

/** The newest reset link mailed to `email` (the e2e server writes mail to the outbox). */
export async function resetLinkFor(email: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const files = (await readdir(OUTBOX).catch(() => [] as string[])).sort().reverse();
    for (const file of files) {
      const raw = (await readFile(join(OUTBOX, file), 'utf8'))
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=');
      if (!raw.includes(`To: ${email}`)) continue;
      const match = /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(raw);
      if (match) return match[0];
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no reset mail for ${email} in ${OUTBOX}`);
}

/** Granted moderation tools by scripts/e2e-server.mjs before the server starts. */
export const MODERATOR: Person = {
  username: 'e2e_moderator',
  email: 'e2e_moderator@example.com',
  password: 'steady-moderation-42',
};
