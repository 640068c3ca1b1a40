import { expect, test, type Page } from '@playwright/test';
import { newPerson, signUpByApi } from './support/accounts.js';
import { expectNoSeriousA11yIssues } from './support/axe.js';
import { onboardedPerson } from './support/quests.js';
import { signIn } from './support/sign-in.js';

/** What Chromium does when the app may be installed: its event, with a prompt we can see. */
const offerInstall = (page: Page) =>
  page.evaluate(() => {
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: () => {
        (window as unknown as { prompted: boolean }).prompted = true;
        return Promise.resolve();
      },
      userChoice: Promise.resolve({ outcome: 'dismissed' }),
    });
    window.dispatchEvent(event);
  });

const banner = (page: Page) => page.getByRole('region', { name: 'Install Doers' });

test("the install banner comes 3 s after the browser offers it; Maybe later and Don't show again", async ({
  page,
}) => {
  const { person } = await onboardedPerson(page.request, 'installer');
  await signIn(page, person);
  await offerInstall(page);
  await page.waitForTimeout(2_000);
  await expect(banner(page)).toBeHidden();
  await expect(banner(page)).toBeVisible({ timeout: 3_000 });
  await expectNoSeriousA11yIssues(page);

  await banner(page).getByRole('button', { name: 'Install Now' }).click();
  await expect.poll(() => page.evaluate(() => 'prompted' in window)).toBe(true);

  // Maybe later: gone, and not back on the next offer (for a week).
  await page.reload();
  await offerInstall(page);
  await expect(banner(page)).toBeVisible({ timeout: 5_000 });
  await banner(page).getByRole('button', { name: 'Maybe later' }).click();
  await expect(banner(page)).toBeHidden();
  await page.reload();
  await offerInstall(page);
  await page.waitForTimeout(3_500);
  await expect(banner(page)).toBeHidden();

  // Don't show again: for good.
  await page.evaluate(() => localStorage.removeItem('doers-install-dismissed'));
  await page.reload();
  await offerInstall(page);
  await expect(banner(page)).toBeVisible({ timeout: 5_000 });
  await banner(page).getByRole('button', { name: "Don't show again" }).click();
  await expect(banner(page)).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('doers-install-dismissed'))).toBe('never');
});

test('never on the onboarding screens', async ({ page, request }) => {
  const person = newPerson('onboarding');
  await signUpByApi(request, person, { founder: true });
  await signIn(page, person);
  await expect(page).toHaveURL(/\/onboarding\/install-app$/);
  await offerInstall(page);
  await page.waitForTimeout(3_500);
  await expect(banner(page)).toBeHidden();
});
