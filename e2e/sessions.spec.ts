import { expect, test } from '@playwright/test';
import { finishOnboardingByApi, newPerson, signUpByApi } from './support/accounts.js';
import { expectNoSeriousA11yIssues } from './support/axe.js';
import { signInThroughUi } from './support/sign-in.js';

test('ends another device from /settings/privacy, then changes the password', async ({
  page,
  browser,
  request,
}) => {
  const person = newPerson('devices');
  const auth = await signUpByApi(request, person, { founder: true });
  await finishOnboardingByApi(request, auth);
  // The sign-up's own session is not one of the two browsers: sign it out.
  await request.post('/api/auth/logout', { data: { refreshToken: auth.tokens.refreshToken } });

  // Two browsers, each signed in on its own.
  const { baseURL, viewport } = test.info().project.use;
  const otherContext = await browser.newContext({ baseURL, viewport });
  const other = await otherContext.newPage();
  await signInThroughUi(page, person);
  await signInThroughUi(other, person);

  await page.goto('/settings');
  await page.getByRole('link', { name: /^Privacy(?! Policy)/ }).click();
  await expect(page).toHaveURL(/\/settings\/privacy$/);
  const devices = page.getByRole('list', { name: 'Devices' }).getByRole('listitem');
  await expect(devices).toHaveCount(2);
  await expect(devices.filter({ hasText: 'This device' })).toHaveCount(1);
  await expect(devices.filter({ hasText: 'This device' })).toContainText('Active now');
  await expectNoSeriousA11yIssues(page);

  // Sign the other browser out: it leaves the list.
  const otherDevice = devices.filter({ hasNotText: 'This device' });
  await expect(otherDevice).toContainText('Last used');
  await otherDevice.getByRole('button', { name: /^Sign out/ }).click();
  await expect(page.getByText(/is signed out$/).first()).toBeVisible();
  await expect(devices).toHaveCount(1);
  await expect(page.getByText('You are signed in on this device only.')).toBeVisible();

  // Its next request finds the session ended and sends it to sign in again.
  await other.reload();
  await expect(other).toHaveURL(/\/login$/);
  await expect(other.getByText('Session expired. Please log in again.').first()).toBeVisible();

  // Change the password: the form's own checks, then the server's, then success.
  const form = page.getByRole('region', { name: 'Change password' });
  await form.getByLabel('Current password', { exact: true }).fill(person.password);
  await form.getByLabel('New password', { exact: true }).fill('a-whole-new-tune-7');
  await form.getByLabel('Confirm new password', { exact: true }).fill('a-whole-new-tune-8');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByText('Passwords do not match')).toBeVisible();

  await form.getByLabel('New password', { exact: true }).fill('password123');
  await form.getByLabel('Confirm new password', { exact: true }).fill('password123');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(
    form.getByText('This password is too common. Choose one that is harder to guess.'),
  ).toBeVisible();
  await expect(form.getByLabel('New password', { exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expectNoSeriousA11yIssues(page);

  await form.getByLabel('New password', { exact: true }).fill('a-whole-new-tune-7');
  await form.getByLabel('Confirm new password', { exact: true }).fill('a-whole-new-tune-7');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(
    form.getByText('Password changed. Your other devices have been signed out.'),
  ).toBeVisible();
  // This device stays signed in.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Signed-in devices' })).toBeVisible();
  await expect(devices).toHaveCount(1);

  // The new password signs in; the old one no longer does.
  await other.getByLabel('Email or username').fill(person.username);
  await other.getByLabel('Password', { exact: true }).fill(person.password);
  await other.getByRole('button', { name: /sign in|log in/i }).click();
  await expect(
    other.getByText('Login failed. Please check your credentials.').first(),
  ).toBeVisible();
  await signInThroughUi(other, { ...person, password: 'a-whole-new-tune-7' });
  await expect(other).toHaveURL(/\/feed$/);
  await otherContext.close();
});
