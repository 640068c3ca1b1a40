import { expect, test } from '@playwright/test';

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto('/login');
  await page.goto('/this/page/is/not/here');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByText(/doesn't exist or may have been moved/).first()).toBeVisible();
  await expect(
    page.getByText('If you think this is a mistake, please contact support.').first(),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Go Back' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/nope');
  await page.getByRole('button', { name: 'Go to Feed' }).click();
  // Signed out, the feed sends you to sign in.
  await expect(page).toHaveURL(/\/login$/);
});
