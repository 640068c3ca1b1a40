import type { PushMessage } from '@doers/contract';
import { expect, test, type CDPSession, type Page } from '@playwright/test';
import { expectNoSeriousA11yIssues } from './support/axe.js';
import { onboardedPerson } from './support/quests.js';
import { signIn } from './support/sign-in.js';

// What this spec tests runs in the service worker (the suite blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

/** The service worker's registration id, as the DevTools protocol names it. */
async function workerRegistration(cdp: CDPSession): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL.endsWith('/') && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return found;
}

/** What the service worker is showing now: each notification's title and body. */
const shown = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((n) => ({ title: n.title, body: n.body }));
  });

test('push: opt in after a tap; a push shows, unless its screen is the one in front', async ({
  page,
  context,
  browserName,
}) => {
  test.setTimeout(90_000);
  await context.grantPermissions(['notifications']);
  const { person } = await onboardedPerson(page.request, 'push');
  await signIn(page, person);

  // The worker is registered on start, at the root.
  const scriptUrl = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active?.scriptURL ?? '';
  });
  expect(new URL(scriptUrl).pathname).toBe('/sw.js');

  await page.goto('/settings/notifications');
  const card = page.getByRole('region', { name: 'Push notifications' });
  await card.getByRole('button', { name: 'Turn on push notifications' }).click();
  // Headless Chromium may have no push service to subscribe with: then the card says so.
  const on = card.getByText('Push notifications are on for this device.');
  const noService = card.getByText(/couldn't reach its push service/);
  await expect(on.or(noService)).toBeVisible({ timeout: 20_000 });
  await expectNoSeriousA11yIssues(page);
  test.info().annotations.push({
    type: 'push service',
    description: `${browserName}: ${(await on.isVisible()) ? 'subscribed' : 'not available'}`,
  });

  // A push as the browser would hand it over (DevTools delivers it straight to the worker).
  const cdp = await context.newCDPSession(page);
  const registrationId = await workerRegistration(cdp);
  const origin = new URL(page.url()).origin;
  const push = (message: PushMessage) =>
    cdp.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId,
      data: JSON.stringify(message),
    });
  const smile: PushMessage = {
    title: 'New smile',
    body: 'maya and 3 others smiled at your post',
    url: '/posts/11111111-1111-4111-8111-111111111111',
    tag: 'smile:p1',
    notificationId: '22222222-2222-4222-8222-222222222222',
    type: 'smile',
  };
  await push(smile);
  await expect.poll(() => shown(page)).toEqual([{ title: smile.title, body: smile.body }]);

  // The screen it is about is in front (focused and visible): the stream updated it, no push.
  await page.evaluate(() =>
    navigator.serviceWorker.ready.then(async (r) => {
      for (const n of await r.getNotifications()) n.close();
    }),
  );
  await page.goto('/vibes');
  await page.bringToFront();
  const focused = await page.evaluate(() => document.hasFocus());
  test.info().annotations.push({ type: 'window focused', description: String(focused) });
  await push({ ...smile, url: '/vibes', tag: 'vibe:v1', type: 'vibe', title: 'New vibe' });
  await push({ ...smile, tag: 'smile:p2', body: 'sam smiled at your post' });
  await expect
    .poll(() => shown(page))
    .toEqual(
      focused
        ? [{ title: smile.title, body: 'sam smiled at your post' }]
        : [
            { title: 'New vibe', body: smile.body },
            { title: smile.title, body: 'sam smiled at your post' },
          ],
    );
});
