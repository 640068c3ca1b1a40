import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yIssues } from './support/axe.js';
import { bearer, postByApi } from './support/posts.js';
import { onboardedPerson } from './support/quests.js';
import { signIn } from './support/sign-in.js';

test('a person deletes their account with their password, vanishes, and keeps it by signing back in', async ({
  page,
  request,
}) => {
  const { person, auth } = await onboardedPerson(request, 'leaver');
  const reader = await onboardedPerson(request, 'reader');
  const post = await postByApi(request, auth);
  await signIn(page, person, '/settings/your-data');

  await page.getByRole('button', { name: 'Delete my account…' }).click();
  const password = page.getByLabel('Your password');
  await expect(password).toBeFocused();
  await expectNoSeriousA11yIssues(page);
  // A wrong password is said on the field, and nothing happens.
  await password.fill('not-my-password-1');
  await page.getByRole('button', { name: 'Delete my account', exact: true }).click();
  await expect(page.getByText('Your password is incorrect')).toBeVisible();
  await expect(page).toHaveURL(/\/settings\/your-data$/);

  await password.fill(person.password);
  await page.getByRole('button', { name: 'Delete my account', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(
    page.getByText(/Your account is deactivated and will be erased on/).first(),
  ).toBeVisible();
  // The sign-in page still says it after a reload.
  await page.reload();
  await expect(page.getByRole('main')).toContainText('Sign in before then to keep it.');
  // Nobody sees them or their post any more.
  const profile = await request.get(`/api/users/${auth.user.id}`, { headers: bearer(reader.auth) });
  expect(profile.status()).toBe(404);
  expect(
    (await request.get(`/api/posts/${post.id}`, { headers: bearer(reader.auth) })).status(),
  ).toBe(404);

  // Signing back in within the 14 days keeps the account, post and all.
  await page.getByLabel('Email or username').fill(person.username);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: /sign in|log in/i }).click();
  await expect(page.getByText('Welcome back! Your account will not be deleted.')).toBeVisible();
  expect(
    (await request.get(`/api/posts/${post.id}`, { headers: bearer(reader.auth) })).status(),
  ).toBe(200);
});
