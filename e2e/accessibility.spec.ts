import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yIssues } from './support/axe.js';

const screens = [
  '/login',
  '/register?founder=true',
  '/forgot-password',
  '/reset-password?token=abc',
  '/qr-scan',
  '/missing-page',
];

for (const viewport of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
]) {
  test(`public screens have no serious accessibility issues (${viewport.name})`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    for (const path of screens) {
      await page.goto(path);
      await expect(page.locator('main')).toBeVisible();
      await expectNoSeriousA11yIssues(page);
    }
  });
}

test('sign-in works by keyboard alone', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email or username').focus();
  await page.keyboard.type('someone');
  await page.keyboard.press('Tab');
  await page.keyboard.type('a-password');
  await page.keyboard.press('Enter');
  await expect(
    page.getByText('Login failed. Please check your credentials.').first(),
  ).toBeVisible();
});
