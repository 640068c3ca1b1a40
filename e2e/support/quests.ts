import type { AuthResponse, CreateQuestRequest, Quest } from '@doers/contract';
import { expect, type APIRequestContext } from '@playwright/test';
import { finishOnboardingByApi, newPerson, signUpByApi, type Person } from './accounts.js';

/** A founder who is past onboarding, ready to sign in. */
export async function onboardedPerson(
  request: APIRequestContext,
  prefix: string,
): Promise<{ person: Person; auth: AuthResponse }> {
  const person = newPerson(prefix);
  const auth = await signUpByApi(request, person, { founder: true });
  await finishOnboardingByApi(request, auth);
  return { person, auth };
}

/** Creates a quest as `auth`, optionally as seen from a time zone (the app's X-Timezone). */
export async function createQuestByApi(
  request: APIRequestContext,
  auth: AuthResponse,
  body: CreateQuestRequest,
  timeZone?: string,
): Promise<Quest> {
  const res = await request.post('/api/quests', {
    data: body,
    headers: {
      authorization: `Bearer ${auth.tokens.accessToken}`,
      ...(timeZone ? { 'x-timezone': timeZone } : {}),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Quest;
}
