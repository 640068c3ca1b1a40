import { expect, test, type Page } from '@playwright/test';
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
    if (url.pathname === '/api/feed')
      asked.push(url.searchParams.has('limit') ? 'newest post' : 'feed page');
    if (url.pathname.startsWith('/assets/posts-lazy-')) asked.push('feed screen code');
  });
  // The realtime stream opens once the feed has painted: by then the newest post would have been
  // asked for, had the first page not told it (use-feed.ts).
  const streamOpen = page.waitForResponse((r) => r.url().endsWith('/api/events') && r.ok());
  await signIn(page, person);
  await expect(page.locator(`[data-post-id="${post.id}"]`)).toBeVisible();
  await streamOpen;
  expect(asked).toEqual(['feed page', 'feed screen code']);
  const preloaded = page.locator('link[rel="preload"][as="script"][href*="/assets/posts-lazy-"]');
  await expect(preloaded).toHaveCount(1);
});

// What the first screen does not show waits until it has painted (lib/first-screen.ts): on a
// phone, each request started before the first posts paint pushes them later.
test('a cold start on the feed paints the posts before the account, the badges, the tutorials, the update check and the live stream ask for anything', async ({
  page,
}) => {
  const { card } = await signedInWithAPost(page, 'paintfirst');
  await page.addInitScript(() => {
    const w = window as unknown as { __asked: { url: string; at: number }[]; __postFrame?: number };
    w.__asked = [];
    const fetchAsIs = window.fetch.bind(window);
    window.fetch = (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      w.__asked.push({ url: new URL(url, location.href).pathname, at: performance.now() });
      return fetchAsIs(input, init);
    };
    // The frame the first post is drawn in.
    new MutationObserver((_, observer) => {
      if (!document.querySelector('[data-post-id]')) return;
      observer.disconnect();
      requestAnimationFrame(() => (w.__postFrame = performance.now()));
    }).observe(document, { childList: true, subtree: true });
  });
  await page.reload();
  await expect(card).toBeVisible();
  const later = [
    '/api/users/me',
    '/api/notifications/unread-counts',
    '/version.json',
    '/api/events',
  ];
  const startedAt = () =>
    page.evaluate((paths) => {
      const w = window as unknown as {
        __asked: { url: string; at: number }[];
        __postFrame?: number;
      };
      const tutorial = performance
        .getEntriesByType('resource')
        .find((entry) => entry.name.includes('/assets/tutorial-overlay-'));
      return {
        postFrame: w.__postFrame ?? null,
        asked: paths.map((path) => w.__asked.find((entry) => entry.url === path)?.at ?? null),
        tutorial: tutorial?.startTime ?? null,
      };
    }, later);
  await expect.poll(async () => (await startedAt()).asked.includes(null)).toBe(false);
  await expect.poll(async () => (await startedAt()).tutorial).not.toBeNull();
  const { postFrame, asked, tutorial } = await startedAt();
  expect(postFrame).not.toBeNull();
  for (const [i, at] of [...asked, tutorial].entries())
    expect(at, later[i] ?? 'the tutorial overlay').toBeGreaterThanOrEqual(postFrame!);
  // And they did arrive: the header has its links with the account's word on messages.
  await expect(page.getByRole('link', { name: /^Notifications/ })).toBeVisible();
});

// Whatever index.html's early request brings back, the feed shows: a refused token or an answer
// the contract does not know, and the app asks again through its API client
// (posts/api/early-answers.ts).
test('a cold start on the feed whose early answer is refused or malformed shows the feed all the same', async ({
  page,
}) => {
  const { card } = await signedInWithAPost(page, 'earlyodd');

  // An access token the server refuses (expired by now): the app refreshes its session.
  await page.evaluate(() => localStorage.setItem('accessToken', 'expired'));
  const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/auth/refresh') && r.ok());
  await page.reload();
  await refreshed;
  await expect(card).toBeVisible();

  // A first page that is not a page: asked again.
  let answered = 0;
  await page.route('**/api/feed', async (route) => {
    answered += 1;
    if (answered === 1) await route.fulfill({ json: { items: 'none', nextCursor: null } });
    else await route.continue();
  });
  await page.reload();
  await expect(card).toBeVisible();
  expect(answered).toBe(2);
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
});

test('opening a post signed in asks for it and its comments before the app has run, once each, and draws them at once', async ({
  page,
}) => {
  const { post, card } = await signedInWithAPost(page, 'earlypost');
  const postPath = `/api/posts/${post.id}`;
  const asked: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith(postPath)) asked.push(path.slice(postPath.length) || 'post');
  });
  // A cold start (an address typed in, a link from elsewhere), the app's entry held back: the
  // post and its comments are asked for all the same, by index.html.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/index-*.js', async (route) => {
    await held;
    await route.continue();
  });
  const early = ['', '/comments'].map((path) =>
    page.waitForRequest((r) => new URL(r.url()).pathname === postPath + path, { timeout: 10_000 }),
  );
  // The page's first draw has the post and its comments: the answers are in by then
  // (posts/routes.ts), so no skeleton is drawn, then the post and comments in later draws.
  await page.addInitScript(() => {
    new MutationObserver(() => {
      const skeleton = document.querySelector(
        '[role="status"]:is([aria-label="Loading the post"], [aria-label="Loading comments"])',
      );
      if (skeleton)
        document.documentElement.dataset.sawSkeleton = skeleton.getAttribute('aria-label')!;
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(`/posts/${post.id}`, { waitUntil: 'commit' });
  await Promise.all(early);
  release();
  await expect(card.getByRole('button', { name: /^Play voice note/ })).toBeVisible();
  await expect(page.getByText('No comments yet')).toBeVisible();
  // Nobody smiled or hummed yet (the post's counts say so): nothing to ask for.
  await expect(page.getByText('No smiles yet.')).toBeVisible();
  await expect(page.getByText('No hums yet.')).toBeVisible();
  expect(asked.sort()).toEqual(['/comments', 'post']);
  await expect(page.locator('html')).not.toHaveAttribute('data-saw-skeleton');

  // A first smile, and who smiled is asked for and shown.
  await card.getByRole('button', { name: /^Smile/ }).click();
  const smiledBy = page.getByRole('region', { name: /^Smiled by/ });
  await expect(smiledBy.getByRole('link')).toHaveCount(1);
  await expect(page.getByText('No smiles yet.')).toBeHidden();
});

test('a visitor on the sign-in page preloads no signed-in screen', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.locator('link[rel="preload"][href*="-lazy-"]')).toHaveCount(0);
});

test('the splash paints while the stylesheet is still on its way, and the screen shows styled', async ({
  page,
}) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.css', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/login', { waitUntil: 'commit' });
  // A stylesheet in the page would hold back every paint until it arrived.
  const firstPaint = await page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        new PerformanceObserver((list) => resolve(list.getEntries()[0]!.name)).observe({
          type: 'paint',
          buffered: true,
        });
      }),
  );
  expect(firstPaint).toMatch(/^first-(contentful-)?paint$/);
  await expect(page.locator('#splash')).toBeVisible();
  // The app's code has run by now, and still shows nothing unstyled.
  await page.waitForLoadState('domcontentloaded');
  await page.waitForTimeout(1_000);
  await expect(page.locator('#root')).toBeEmpty();

  release();
  const signIn = page.getByRole('button', { name: 'Sign in' });
  await expect(signIn).toBeVisible();
  expect(await page.evaluate(() => getComputedStyle(document.body).margin)).toBe('0px');
});

// A page of twenty posts is drawn a card a task on a cold start (posts/feed/use-drawn-count.ts):
// all of it arrives, and the next page still loads at the end of the list.
test('a feed of more than a page shows every post of the first page, then the next at its end', async ({
  page,
}) => {
  const { person, auth } = await onboardedPerson(page.request, 'longfeed');
  for (let i = 0; i < 21; i += 1) await postByApi(page.request, auth);
  await signIn(page, person);
  const cards = page.getByRole('feed', { name: 'Posts' }).getByRole('article');
  await expect(cards).toHaveCount(20);
  await expect(page.getByText("You're all caught up.")).toBeHidden();
  await cards.last().scrollIntoViewIfNeeded();
  await expect(cards).toHaveCount(21);
  await expect(page.getByText("You're all caught up.")).toBeVisible();
});

/** Someone with one post, signed in on their feed with the post on screen. */
async function signedInWithAPost(page: Page, name: string) {
  const { person, auth } = await onboardedPerson(page.request, name);
  const post = await postByApi(page.request, auth);
  await signIn(page, person);
  const card = page.locator(`[data-post-id="${post.id}"]`);
  await expect(card).toBeVisible();
  return { post, card };
}
