import { expect, test } from '@playwright/test';
import { newPerson, signUpByApi } from './support/accounts.js';

test('registration shows every validation message and keeps what was typed', async ({
  page,
  request,
}) => {
  const existing = newPerson('taken');
  await signUpByApi(request, existing, { founder: true });
  const person = newPerson('fresh');
  await page.goto('/register?founder=true');
  const submit = page.getByRole('button', { name: /create account/i });

  await submit.click();
  await expect(page.getByText('Please fill in all fields').first()).toBeVisible();

  await page.getByLabel('Username').fill(person.username);
  await page.getByLabel('Email', { exact: true }).fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm password').fill('short');
  await submit.click();
  await expect(page.getByText('Password must be at least 8 characters').first()).toBeVisible();

  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByLabel('Confirm password').fill(`${person.password}!`);
  await submit.click();
  await expect(page.getByText('Passwords do not match').first()).toBeVisible();

  await page.getByLabel('Confirm password').fill(person.password);
  await submit.click();
  await expect(page.getByText('Please accept the terms to continue').first()).toBeVisible();

  await page.getByLabel(/I agree to the Doers Terms/).check();
  await page.getByLabel('Username').fill(existing.username);
  await submit.click();
  await expect(
    page.getByText('This username is already taken. Please choose another.').first(),
  ).toBeVisible();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(person.email);

  await page.getByLabel('Username').fill(person.username);
  await page.getByLabel('Email', { exact: true }).fill(existing.email.toUpperCase());
  const dialog = page.waitForEvent('dialog');
  await submit.click();
  await expect(
    page.getByText('This email is already registered. Please sign in instead.').first(),
  ).toBeVisible();
  // After 500 ms a confirm dialog offers to go to /login.
  const confirm = await dialog;
  await confirm.accept();
  await expect(page).toHaveURL(/\/login$/);
});

test('forgot and reset password show their messages', async ({ page }) => {
  await page.goto('/forgot-password');
  await page.getByRole('button', { name: /send/i }).click();
  await expect(page.getByText('Please enter your email address').first()).toBeVisible();

  await page.goto('/reset-password');
  await expect(page.getByText('Invalid reset link').first()).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await page.goto('/reset-password?token=made-up');
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByLabel('Confirm new password').fill('short');
  await page.getByRole('button', { name: /reset/i }).click();
  await expect(page.getByText('Password must be at least 8 characters long').first()).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('long enough one');
  await page.getByLabel('Confirm new password').fill('long enough two');
  await page.getByRole('button', { name: /reset/i }).click();
  await expect(page.getByText('Passwords do not match').first()).toBeVisible();
  await page.getByLabel('Confirm new password').fill('long enough one');
  await page.getByRole('button', { name: /reset/i }).click();
  await expect(page.getByText(/Invalid or expired reset link/).first()).toBeVisible();
});
