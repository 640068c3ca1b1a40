import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yIssues } from './support/axe.js';

// What this spec tests runs in the service worker (the suite blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

/** From now on the server seems to serve build `buildId`. */
const serveBuild = (page: Page, buildId: string) =>
  page.route('**/version.json*', (route) =>
    route.fulfill({
      json: { buildId, version: '9.9.9' },
      headers: { 'cache-control': 'no-store' },
    }),
  );

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Update Available' });

test('a new build on the server brings the update dialog; Later waits, Update Now reloads onto it', async ({
  page,
}) => {
  // The first visit stores the build it finds.
  await page.goto('/login');
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('doers-build-id')))
    .toMatch(/.+/);
  await expect(dialog(page)).toBeHidden();

  // A deploy: the next check (at start) sees another build.
  await serveBuild(page, 'build-2');
  await page.reload();
  await expect(dialog(page)).toBeVisible();
  await expect(dialog(page).getByText('A new version of Doers is ready')).toBeVisible();
  await expect(
    dialog(page).getByText('The app will reload automatically after updating'),
  ).toBeVisible();
  await expectNoSeriousA11yIssues(page);

  // Later: not again in this tab for this build.
  await dialog(page).getByRole('button', { name: 'Later' }).click();
  await expect(dialog(page)).toBeHidden();
  await page.reload();
  await page.waitForLoadState('load');
  await expect(dialog(page)).toBeHidden();

  // A newer one asks again; Update Now empties the caches and reloads.
  await serveBuild(page, 'build-3');
  await page.reload();
  await expect(dialog(page)).toBeVisible();
  const reloaded = page.waitForEvent('load');
  await dialog(page).getByRole('button', { name: 'Update Now' }).click();
  await reloaded;
  // After the reload the stored build is the new one, so nothing is asked.
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('doers-build-id')))
    .toBe('build-3');
  await expect(dialog(page)).toBeHidden();
});

test('the version file is never taken from a cache', async ({ page }) => {
  const res = await page.request.get('/version.json');
  expect(res.headers()['cache-control']).toBe('no-store');
  const body = (await res.json()) as { buildId: string; version: string };
  expect(body.buildId).toMatch(/.+/);
});
