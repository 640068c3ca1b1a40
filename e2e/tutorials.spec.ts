import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yIssues } from './support/axe.js';
import { onboardedPerson } from './support/quests.js';
import { signIn } from './support/sign-in.js';

// A newcomer's device: no tutorial seen yet (the other specs start with all of them skipped).
test.use({ storageState: { cookies: [], origins: [] } });

test('the create-post tutorial starts 1.5 s into the feed, runs to Done, and stays done', async ({
  page,
}) => {
  const { person } = await onboardedPerson(page.request, 'newcomer');
  await signIn(page, person);
  await expect(page).toHaveURL(/\/feed$/);
  const tutorial = page.getByRole('dialog', { name: 'Tap the create button' });
  await expect(tutorial).toBeVisible({ timeout: 4_000 });
  await expect(tutorial.getByText('Step 1 of 4')).toBeVisible();
  await expect(tutorial.getByRole('button', { name: 'Previous' })).toBeHidden();
  // The create button is lit: the spotlight frames it with 8 px around, once it has glided there.
  const create = await page.getByRole('link', { name: 'Post', exact: true }).boundingBox();
  const spotlight = page.getByTestId('tutorial-spotlight');
  await expect
    .poll(async () => {
      const spot = await spotlight.boundingBox();
      return spot && [Math.round(spot.x - create!.x), Math.round(spot.width - create!.width)];
    })
    .toEqual([-8, 16]);
  await expectNoSeriousA11yIssues(page);

  await tutorial.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/post$/);
  const step2 = page.getByRole('dialog', { name: 'Record a voice note' });
  await expect(step2.getByText('Step 2 of 4')).toBeVisible();
  await step2.getByRole('button', { name: 'Previous' }).click();
  await expect(page.getByText('Step 1 of 4')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Step 3 of 4')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Step 4 of 4')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next' })).toBeHidden();
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();

  // Completed: not offered again, even in a new session.
  await page.goto('/feed');
  await page.waitForTimeout(2_500);
  await expect(page.getByRole('dialog')).toBeHidden();

  await page.goto('/settings/help');
  await expect(page.getByText('Completed · 4 steps')).toBeVisible();
  await expectNoSeriousA11yIssues(page);
});

test('Help replays a tutorial; a click on the dimmed backdrop skips it', async ({ page }) => {
  const { person } = await onboardedPerson(page.request, 'helpseeker');
  await signIn(page, person, '/settings/help');
  await page.getByRole('button', { name: 'Start Send a Smile' }).click();
  await expect(page).toHaveURL(/\/feed$/);
  const tutorial = page.getByRole('dialog', { name: 'Smile at a post' });
  await expect(tutorial).toBeVisible();
  // The feed's own tutorial does not start over it: only one at a time.
  await page.waitForTimeout(2_000);
  await expect(tutorial).toBeVisible();
  await page.mouse.click(5, 5);
  await expect(tutorial).toBeHidden();

  await page.goto('/settings/help');
  const smile = page.getByRole('listitem').filter({ hasText: 'Send a Smile' });
  await expect(smile.getByText('Skipped · 2 steps')).toBeVisible();
  await page.getByRole('button', { name: 'Reset all tutorials' }).click();
  await expect(smile.getByText('Not started · 2 steps')).toBeVisible();
});
