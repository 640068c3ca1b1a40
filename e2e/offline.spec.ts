import type { Post, Quest } from '@doers/contract';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yIssues } from './support/axe.js';
import { bearer, postByApi, recordVoiceNote } from './support/posts.js';
import { createQuestByApi, onboardedPerson } from './support/quests.js';
import { signIn } from './support/sign-in.js';

// What this spec tests runs in the service worker (the suite blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

const banner = (page: Page) => page.getByTestId('offline-banner');

/** Every text the offline/sync banner shows from now on, however briefly. */
async function recordBannerTexts(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    // Seeded with the text shown now: a mutation elsewhere on the page before the next change
    // reads this same text, and is not mistaken for a new one.
    const now = document.querySelector('[data-testid="offline-banner"]')?.textContent;
    const seen: string[] = now ? [now] : [];
    (window as unknown as { bannerTexts: string[] }).bannerTexts = seen;
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid="offline-banner"]')?.textContent;
      if (text && seen.at(-1) !== text) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { bannerTexts: string[] }).bannerTexts);
}

async function controlledByServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
      );
    }
  });
}

test('offline: a smile, a check-in and a recorded post are queued, survive a reload, and reach the server once each', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const { person, auth } = await onboardedPerson(page.request, 'offline');
  const quest = await createQuestByApi(page.request, auth, {
    title: 'Morning pages',
    category: 'learning',
    tasks: [],
    visibility: 'public',
  });
  const post = await postByApi(page.request, auth);

  await signIn(page, person);
  await controlledByServiceWorker(page);
  // The screens the actions are made on, loaded while online.
  await page.getByRole('link', { name: 'Quests' }).click();
  await expect(page.getByRole('link', { name: 'Morning pages' })).toBeVisible();

  await context.setOffline(true);
  await expect(banner(page)).toHaveText("You're offline");

  await page.getByRole('button', { name: 'Check in to Morning pages' }).click();
  await expect(page.getByText('Checked in today · waiting to send')).toBeVisible();
  await expect(banner(page)).toHaveText("You're offline • 1 action(s) queued");

  await page.getByRole('link', { name: 'Home' }).click();
  const smile = page.getByRole('button', { name: /^Smile/ }).first();
  await smile.click();
  await expect(smile).toHaveAttribute('aria-pressed', 'true');
  await expect(smile).toHaveAccessibleName(/\(waiting to send\)$/);
  await expect(banner(page)).toHaveText("You're offline • 2 action(s) queued");

  await page.getByRole('link', { name: 'Post', exact: true }).click();
  await recordVoiceNote(page);
  await page.getByRole('button', { name: 'Share when back online' }).click();
  await expect(page).toHaveURL(/\/feed$/);
  await expect(banner(page)).toHaveText("You're offline • 3 action(s) queued");
  const pendingPosts = page.getByRole('list', { name: 'Posts waiting to be shared' });
  await expect(pendingPosts.getByText('Waiting to send your post')).toBeVisible();
  await expectNoSeriousA11yIssues(page);

  // The recording and the rest are on the phone: a reload with no network keeps them all.
  await page.reload();
  await expect(banner(page)).toHaveText("You're offline • 3 action(s) queued");
  await expect(pendingPosts.getByRole('slider', { name: /your post/ })).toBeVisible();

  const bannerTexts = await recordBannerTexts(page);
  await context.setOffline(false);
  await expect(banner(page)).toHaveText('All synced!', { timeout: 15_000 });
  await expect(banner(page)).toBeHidden({ timeout: 5_000 });
  expect(await bannerTexts()).toEqual([
    "You're offline • 3 action(s) queued",
    'Syncing 3 action(s)...',
    'All synced!',
  ]);
  await expect(pendingPosts).toBeHidden();

  // Exactly once each on the server.
  const get = async <T>(path: string) => {
    const res = await page.request.get(path, { headers: bearer(auth) });
    expect(res.status(), await res.text()).toBe(200);
    return (await res.json()) as T;
  };
  const smiled = await get<Post>(`/api/posts/${post.id}`);
  expect(smiled.counts.smiles).toBe(1);
  expect(smiled.viewer.smiled).toBe(true);
  const checkedIn = await get<Quest>(`/api/quests/${quest.id}`);
  expect(checkedIn.viewer).toMatchObject({ checkedInToday: true, totalCheckIns: 1 });
  const mine = await get<{ items: Post[] }>(`/api/users/${auth.user.id}/posts`);
  expect(mine.items).toHaveLength(2);
  // The feed shows the shared post, from the server now.
  await expect(page.getByRole('feed', { name: 'Posts' }).getByRole('article')).toHaveCount(2);
});
