import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test, type BrowserContext } from '@playwright/test';
import { postByApi } from './support/posts.js';
import { onboardedPerson } from './support/quests.js';
import { signIn } from './support/sign-in.js';

// What this spec tests runs in the service worker (the suite blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

test('Chromium finds the app installable: manifest, icons and a worker that serves offline', async ({
  baseURL,
  launchOptions,
}) => {
  // A profile of its own: Chromium never offers to install from an incognito window, which is
  // what Playwright's usual contexts are.
  const profile = await mkdtemp(join(tmpdir(), 'doers-install-'));
  const context = await chromium.launchPersistentContext(profile, { ...launchOptions, baseURL });
  try {
    await installable(context);
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
});

async function installable(context: BrowserContext): Promise<void> {
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto('/login');
  await page.evaluate(() => navigator.serviceWorker.ready);
  const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as {
    start_url: string;
    display: string;
    icons: { sizes: string; purpose: string }[];
  };
  expect(manifest.start_url).toBe('/feed');
  expect(manifest.display).toBe('standalone');
  for (const size of ['192x192', '512x512']) {
    expect(manifest.icons.some((i) => i.sizes === size && i.purpose === 'maskable')).toBe(true);
    expect(manifest.icons.some((i) => i.sizes === size && i.purpose === 'any')).toBe(true);
  }
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors).toEqual([]);
}

test('after a first visit the app opens with no network: the shell, not the browser’s error page', async ({
  page,
  context,
}) => {
  const { person } = await onboardedPerson(page.request, 'offline');
  await signIn(page, person);
  await expect(page).toHaveURL(/\/feed$/);
  // The worker has stored the shell and controls the page.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
      );
    }
  });

  await context.setOffline(true);
  await page.goto('/quests');
  await expect(page.getByRole('navigation', { name: /main|primary|tabs/i })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Quests' })).toBeVisible();
  // A fresh start offline, at the address the installed app opens.
  await page.goto('/feed');
  await expect(page.getByRole('link', { name: 'Home' })).toBeVisible();
  await context.setOffline(false);
});

test('pages come from the network while online, so a new build is never hidden behind the old', async ({
  page,
}) => {
  await page.goto('/login');
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  const response = await page.goto('/login');
  // Answered by the worker (it controls the page) but fetched from the server: the page's
  // cache headers are the server's, revalidated every time.
  expect(response?.fromServiceWorker()).toBe(true);
  expect(response?.headers()['cache-control']).toBe('no-cache');
  expect(response?.status()).toBe(200);
});

test('a voice note played once plays again offline, and is forgotten on sign-out', async ({
  page,
  context,
}) => {
  const { person, auth } = await onboardedPerson(page.request, 'played');
  const post = await postByApi(page.request, auth);
  await signIn(page, person);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.goto(`/posts/${post.id}`);
  // What the player loads: its address (signed) as the page holds it.
  const played = page.waitForResponse((r) => /\/api\/media\//.test(r.url()));
  await page.getByRole('button', { name: /^Play/ }).first().click();
  const mediaUrl = (await played).url();

  await context.setOffline(true);
  const offline = await page.evaluate(async (url) => {
    const res = await fetch(url, { headers: { range: 'bytes=0-9' } });
    return {
      status: res.status,
      range: res.headers.get('content-range'),
      bytes: (await res.arrayBuffer()).byteLength,
    };
  }, mediaUrl);
  expect(offline.status).toBe(206);
  expect(offline.range).toMatch(/^bytes 0-9\/\d+$/);
  expect(offline.bytes).toBe(10);
  await context.setOffline(false);

  await page.evaluate(() => caches.has('doers-media')).then((kept) => expect(kept).toBe(true));
  await page.goto('/profile');
  await page
    .getByRole('link', { name: /settings/i })
    .first()
    .click();
  await page
    .getByRole('button', { name: /sign out/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/login/);
  await expect.poll(() => page.evaluate(() => caches.has('doers-media'))).toBe(false);
});
