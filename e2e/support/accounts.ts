import { ONBOARDING_STEPS, type AuthResponse, type User } from '@doers/contract';
import { expect, type APIRequestContext } from '@playwright/test';
import { resetLinkInOutbox } from '../../apps/server/test/support/outbox.js';
import {
  FOUNDER_CODE,
  newDevice,
  newPersonData,
  type PersonData,
} from '../../apps/server/test/support/people-data.js';

export { FOUNDER_CODE };
/** The e2e server's outbox (e2e/support/global-setup.ts names it). */
export const OUTBOX = process.env['E2E_OUTBOX'] ?? '';

export type Person = PersonData;

/** A new person (the suites' one factory), not signed up yet. */
export const newPerson = (prefix = 'doer'): Person => newPersonData(prefix);

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
      device: newDevice(),
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

/** The newest reset link mailed to `email` (the e2e server writes mail to its outbox). */
export const resetLinkFor = (email: string): Promise<string> => resetLinkInOutbox(OUTBOX, email);

/**
 * Granted moderation tools and admin access by e2e/support/global-setup.ts before the server
 * starts: the team member who handles reports and lifts suspensions.
 */
export const MODERATOR: Person = {
  username: 'e2e_moderator',
  email: 'e2e_moderator@example.com',
  password: 'steady-moderation-42',
};

/** What the e2e server's transcription stand-in hears in every voice note (global-setup.ts). */
export const TRANSCRIBED_WORDS = 'Morning run along the canal, then sourdough for breakfast';
