import { expect, test } from '@playwright/test';
import { finishOnboardingByApi, newPerson, signUpByApi } from './support/accounts.js';

test('signs in by email and by username, and signs out', async ({ page, request }) => {
  const person = newPerson('member');
  const auth = await signUpByApi(request, person, { founder: true });
  await finishOnboardingByApi(request, auth);

  for (const login of [person.email, person.username]) {
    await page.goto('/login');
    await page.getByLabel('Email or username').fill(login);
    await page.getByLabel('Password', { exact: true }).fill(person.password);
    await page.getByRole('button', { name: /sign in|log in/i }).click();
    await expect(page.getByText('Welcome back!').first()).toBeVisible();
    await expect(page).toHaveURL(/\/feed$/);
    await expect(page.getByRole('navigation', { name: /main/i })).toBeVisible();

    await page.goto('/profile');
    await expect(page.getByText(`@${person.username}`).first()).toBeVisible();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    // Signed out means the app pages send you back to sign in.
    await page.goto('/feed');
    await expect(page).toHaveURL(/\/login$/);
  }
});

test('a signed-in person who has not finished onboarding is held there', async ({
  page,
  request,
}) => {
  const person = newPerson('newbie');
  await signUpByApi(request, person, { founder: true });
  await page.goto('/login');
  await page.getByLabel('Email or username').fill(person.username);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: /sign in|log in/i }).click();
  await expect(page).toHaveURL(/\/onboarding\/install-app$/);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/onboarding\/install-app$/);
});

test('sign-in shows the spec’s messages', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: /sign in|log in/i }).click();
  await expect(page.getByText('Please fill in all fields').first()).toBeVisible();
  await page.getByLabel('Email or username').fill('nobody_here');
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: /sign in|log in/i }).click();
  await expect(
    page.getByText('Login failed. Please check your credentials.').first(),
  ).toBeVisible();
  await expect(page.getByLabel('Email or username')).toHaveValue('nobody_here');
  await expect(page.getByRole('link', { name: "I'm being referred" })).toHaveAttribute(
    'href',
    '/qr-scan',
  );
});
