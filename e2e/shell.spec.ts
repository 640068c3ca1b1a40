import { expect, test } from '@playwright/test';
import { finishOnboardingByApi, newPerson, signUpByApi } from './support/accounts.js';
import { expectNoSeriousA11yIssues } from './support/axe.js';
import { postByApi } from './support/posts.js';
import { onboardedPerson } from './support/quests.js';
import { signIn } from './support/sign-in.js';

test('the signed-in shell: header, bottom navigation, every tab, no serious a11y issues', async ({
  page,
  request,
}) => {
  const person = newPerson('shell');
  await finishOnboardingByApi(request, await signUpByApi(request, person, { founder: true }));
  await signIn(page, person);
  await expect(page).toHaveURL(/\/feed$/);

  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: /notifications/i })).toBeVisible();
  // Messages show because the default dmDuration (120) is above 0.
  await expect(header.getByRole('link', { name: /messages/i })).toBeVisible();

  const nav = page.getByRole('navigation', { name: /main/i });
  for (const [name, path] of [
    ['Explore', '/search'],
    ['Quests', '/quests'],
    ['Profile', '/profile'],
    ['Home', '/feed'],
  ] as const) {
    await nav.getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.locator('main')).toBeVisible();
    await expectNoSeriousA11yIssues(page);
  }

  // The centre create button leads to /post, where the bar hides.
  await nav.getByRole('link', { name: /post/i }).click();
  await expect(page).toHaveURL(/\/post$/);
  await expect(page.getByRole('navigation', { name: /main/i })).toHaveCount(0);

  for (const path of [
    '/settings',
    '/leaderboard',
    '/notifications',
    '/dms',
    '/stats',
    '/activity',
    '/vibes',
    '/qr-code',
    '/settings/help',
  ]) {
    await page.goto(path);
    await expect(page.locator('main')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toHaveCount(0);
  }
});

test('the theme choice persists and applies before the app paints', async ({ page, request }) => {
  const person = newPerson('theme');
  await finishOnboardingByApi(request, await signUpByApi(request, person, { founder: true }));
  await signIn(page, person, '/settings');
  const before = await page.evaluate(() => document.documentElement.dataset['theme']);
  await page
    .getByRole('button', { name: /dark|light|theme/i })
    .first()
    .click();
  const after = await page.evaluate(() => document.documentElement.dataset['theme']);
  expect(after).not.toBe(before);
  await page.reload();
  expect(await page.evaluate(() => document.documentElement.dataset['theme'])).toBe(after);
});

test('onboarding screens are reachable by keyboard and have no serious a11y issues', async ({
  page,
  request,
}) => {
  const person = newPerson('onboard');
  await signUpByApi(request, person, { founder: true });
  await signIn(page, person);
  await expect(page).toHaveURL(/\/onboarding\/install-app$/);
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expectNoSeriousA11yIssues(page);
  await page.getByRole('button', { name: /continue/i }).click();
  await expect(page).toHaveURL(/\/onboarding\/welcome$/);
  await expectNoSeriousA11yIssues(page);
});

test('on the feed the header slides away past 80 px down and comes back on the way up', async ({
  page,
}) => {
  const { person, auth } = await onboardedPerson(page.request, 'scroller');
  for (let i = 0; i < 5; i += 1) await postByApi(page.request, auth);
  await signIn(page, person);
  await expect(page.getByRole('feed', { name: 'Posts' }).getByRole('article')).toHaveCount(5);
  const header = page.getByRole('banner');
  const top = async () => (await header.boundingBox())?.y ?? 0;

  await page.mouse.move(195, 500);
  await page.mouse.wheel(0, 60);
  await page.waitForTimeout(400);
  expect(await top()).toBe(0);
  await page.mouse.wheel(0, 400);
  await expect.poll(top).toBeLessThan(-40);
  const y = await page.evaluate(() => window.scrollY);
  await page.mouse.wheel(0, -150);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(y);
  await expect.poll(top).toBe(0);
});
