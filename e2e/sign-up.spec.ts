import { expect, test } from '@playwright/test';
import { FOUNDER_CODE, getUserByApi, newPerson, signUpByApi } from './support/accounts.js';

test('a founder signs up and lands in onboarding, then reaches the welcome step', async ({
  page,
}) => {
  const person = newPerson('founder');
  await page.goto('/register?founder=true');
  const invite = page.getByLabel('Invite code (optional)');
  await expect(invite).toHaveValue(FOUNDER_CODE);
  await expect(invite).toHaveAttribute('readonly', '');
  await expect(page.getByText('Founder registration - no payment required').first()).toBeVisible();

  // The username field keeps only lowercase letters, digits and underscores.
  await page.getByLabel('Username').fill(`${person.username.toUpperCase()} !`);
  await expect(page.getByLabel('Username')).toHaveValue(person.username);
  await page.getByLabel('Email', { exact: true }).fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByLabel('Confirm password').fill(person.password);
  await page.getByLabel(/I agree to the Doers Terms/).check();
  await page.getByRole('button', { name: /create account/i }).click();

  await expect(page.getByText("Account created! Let's get started.").first()).toBeVisible();
  // Registration goes to /onboarding/welcome; the wrapper shows the earliest unfinished step first.
  await expect(page).toHaveURL(/\/onboarding\/install-app$/);
  await page.getByRole('button', { name: /continue/i }).click();
  await expect(page).toHaveURL(/\/onboarding\/welcome$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/welcome/i);
});

test('a friend signs up through the founder’s invite link, and the founder gets a vibe', async ({
  page,
  request,
}) => {
  const founder = await signUpByApi(request, newPerson('host'), { founder: true });
  const friend = newPerson('friend');

  await page.goto(`/invite/${founder.user.referralCode}`);
  await expect(page).toHaveURL(new RegExp(`/register\\?ref=${founder.user.referralCode}`));
  await expect(
    page.getByText(`You were invited by @${founder.user.username}`).first(),
  ).toBeVisible();
  await expect(page.getByText(/Invited by/).first()).toBeVisible();

  await page.getByLabel('Username').fill(friend.username);
  await page.getByLabel('Email', { exact: true }).fill(friend.email);
  await page.getByLabel('Password', { exact: true }).fill(friend.password);
  await page.getByLabel('Confirm password').fill(friend.password);
  await page.getByLabel(/I agree to the Doers Terms/).check();
  await page.getByRole('button', { name: /create account/i }).click();
  await expect(page).toHaveURL(/\/onboarding\//);

  await expect
    .poll(async () => (await getUserByApi(request, founder)).stats, { timeout: 10_000 })
    .toMatchObject({ totalVibes: 1, totalVibers: 1 });
});

test('registration without a referral sends people to scan a code', async ({ page }) => {
  await page.goto('/register');
  await expect(
    page.getByText('Please scan a QR code or enter a referral code to register').first(),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/qr-scan$/);
  await page.getByLabel(/referral code/i).fill('ABCD2345');
  await page.getByRole('button', { name: /continue|use code|go/i }).click();
  await expect(page).toHaveURL(/\/register\?ref=ABCD2345$/);
  await expect(page.getByText('Invalid referral code').first()).toBeVisible();
});
