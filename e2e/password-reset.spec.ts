import { expect, test } from '@playwright/test';
import { newPerson, resetLinkFor, signUpByApi } from './support/accounts.js';

test('forgot password mails a link; the new password works and the link works once', async ({
  page,
  request,
}) => {
  const person = newPerson('forgetful');
  await signUpByApi(request, person, { founder: true });

  await page.goto('/login');
  await page.getByRole('link', { name: /forgot/i }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email').fill(person.email);
  await page.getByRole('button', { name: /send/i }).click();
  await expect(page.getByText('Password reset link sent to your email').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();

  const link = await resetLinkFor(person.email);
  const url = new URL(link);
  await page.goto(url.pathname + url.search);
  await page.getByLabel('New password', { exact: true }).fill('a-fresh-start-99');
  await page.getByLabel('Confirm new password').fill('a-fresh-start-99');
  await page.getByRole('button', { name: /reset/i }).click();
  await expect(page.getByText('Password reset successful!').first()).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Email or username').fill(person.username);
  await page.getByLabel('Password', { exact: true }).fill('a-fresh-start-99');
  await page.getByRole('button', { name: /sign in|log in/i }).click();
  await expect(page.getByText('Welcome back!').first()).toBeVisible();

  const again = await request.post('/api/auth/reset-password', {
    data: { token: url.searchParams.get('token'), newPassword: 'third-time-lucky' },
  });
  expect(again.status()).toBe(400);
});
