import { expect, test } from '@playwright/test';
import { finishOnboardingByApi, newPerson, signUpByApi } from './support/accounts.js';
import { expectNoSeriousA11yIssues } from './support/axe.js';
import { onboardedPerson } from './support/quests.js';
import { signIn } from './support/sign-in.js';

// Payments go to the local stand-in for Stripe that e2e/support/global-setup.ts starts: its checkout
// page sends the signed events Stripe would, then returns to Doers.
test('a member pays for Supporter at checkout, the limits follow at once, and cancelling keeps the tier to the period end', async ({
  page,
  request,
}) => {
  const { auth: host } = await onboardedPerson(request, 'host');
  const member = newPerson('payer');
  const auth = await signUpByApi(request, member, { referralCode: host.user.referralCode });
  await finishOnboardingByApi(request, auth);
  await signIn(page, member, '/profile');
  await expect(page.getByText('Member · Free tier · up to 1 active quest')).toBeVisible();

  await page.goto('/settings/support-tier');
  await expect(page.getByRole('heading', { name: 'Support tier', level: 1 })).toBeVisible();
  const mine = page.getByRole('region', { name: 'Your tier' });
  await expect(mine).toContainText('You are on Free');
  const supporter = page.getByRole('listitem', { name: 'Supporter tier' });
  await expect(supporter).toContainText('€3 / month');
  await expect(supporter).toContainText('5 active quests');
  await expect(page.getByRole('listitem', { name: 'Champion tier' })).toContainText(
    'Voice posts up to 10 min',
  );
  await expectNoSeriousA11yIssues(page);

  await supporter.getByRole('button', { name: 'Choose Supporter' }).click();
  await expect(
    page.getByRole('heading', { name: 'Pay €3 a month for Doers Supporter' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Pay' }).click();

  await expect(page).toHaveURL(/\/settings\/support-tier\?checkout=done$/);
  await expect(page.getByText('Thank you for supporting Doers!')).toBeVisible();
  await expect(mine).toContainText('You are on Supporter · paid');
  await expect(mine).toContainText(/Renews on \d+ \w+ \d{4}\./);

  // The new limits hold everywhere at once.
  await page.goto('/profile');
  await expect(page.getByText('Member · Supporter tier · up to 5 active quests')).toBeVisible();

  await page.goto('/settings/support-tier');
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel your subscription?' });
  await dialog.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(mine).toContainText(
    /Cancelled: Supporter stays until \d+ \w+ \d{4}, then you are on Free\./,
  );
  await expect(page.getByRole('button', { name: 'Keep Supporter' })).toBeVisible();
  await expectNoSeriousA11yIssues(page);
});
