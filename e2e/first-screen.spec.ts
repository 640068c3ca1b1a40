import { expect, test } from '@playwright/test';
import { postByApi } from './support/posts.js';
import { onboardedPerson } from './support/quests.js';
import { signIn } from './support/sign-in.js';

// A signed-in cold start on the feed (docs/decisions/0015-first-screen-on-a-phone.md): its first
// page and its screen's code are asked for by index.html, beside the app's JavaScript, and the
// app takes that answer.
test("opening /feed signed in asks for its first page once, then preloads the feed screen's code", async ({
  page,
  request,
}) => {
  const { person, auth } = await onboardedPerson(request, 'early');
  const post = await postByApi(request, auth);
  const asked: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname === '/api/feed' && !url.searchParams.has('limit')) asked.push('feed page');
    if (url.pathname.startsWith('/assets/posts-lazy-')) asked.push('feed screen code');
  });
  await signIn(page, person);
  await expect(page.locator(`[data-post-id="${post.id}"]`)).toBeVisible();
  expect(asked).toEqual(['feed page', 'feed screen code']);
  const preloaded = page.locator('link[rel="preload"][as="script"][href*="/assets/posts-lazy-"]');
  await expect(preloaded).toHaveCount(1);
});

test('a visitor on the sign-in page preloads no signed-in screen', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.locator('link[rel="preload"][href*="-lazy-"]')).toHaveCount(0);
});
