import type { AuthResponse } from '@doers/contract';
import { expect, type APIRequestContext, type Browser } from '@playwright/test';
import { finishOnboardingByApi, MODERATOR } from './accounts.js';
import { signIn } from './sign-in.js';

/**
 * The e2e server's moderator (e2e/support/global-setup.ts) on a phone of their own, signed in, on
 * /moderation. Past onboarding first: the console is what the test is about. Close `phone` after.
 */
export async function openModerationConsole(
  browser: Browser,
  request: APIRequestContext,
  deviceId: string,
) {
  const login = await request.post('/api/auth/login', {
    data: { email: MODERATOR.username, password: MODERATOR.password, device: { id: deviceId } },
  });
  expect(login.status()).toBe(200);
  await finishOnboardingByApi(request, (await login.json()) as AuthResponse);
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await phone.newPage();
  await signIn(page, MODERATOR, '/moderation');
  return { phone, page };
}
