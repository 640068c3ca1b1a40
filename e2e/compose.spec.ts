import type { AuthResponse, Post } from '@doers/contract';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yIssues } from './support/axe.js';
import { recordVoiceNote } from './support/posts.js';
import { createQuestByApi, onboardedPerson } from './support/quests.js';
import { signIn } from './support/sign-in.js';

// Chromium runs with a fake microphone (playwright.config.ts): getUserMedia gives a real tone.

const bearer = (auth: AuthResponse) => ({ authorization: `Bearer ${auth.tokens.accessToken}` });

/** A real JPEG drawn by the browser's canvas, as a phone's photo would arrive. */
async function photoFrom(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 240;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#4a90e2';
    context.fillRect(0, 0, 320, 240);
    context.fillStyle = '#ff7a2f';
    context.fillRect(80, 60, 160, 120);
    return canvas.toDataURL('image/jpeg', 0.9).split(',')[1]!;
  });
  return Buffer.from(base64, 'base64');
}

test('share this check-in: record, add a photo, vibers only; a failed share is retried without recording again', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { person, auth } = await onboardedPerson(request, 'composer');
  const quest = await createQuestByApi(request, auth, {
    title: 'Evening walk',
    category: 'fitness',
    tasks: [],
    visibility: 'public',
  });
  const checkIn = await request.post(`/api/quests/${quest.id}/check-ins`, {
    data: { day: 'today' },
    headers: bearer(auth),
  });
  expect(checkIn.status(), await checkIn.text()).toBe(201);

  // From the quest's screen, today's check-in done: the composer opens with the quest chosen.
  await signIn(page, person, `/quests/${quest.id}`);
  await page.getByRole('link', { name: 'Share this check-in' }).click();
  await expect(page).toHaveURL(new RegExp(`/post\\?questId=${quest.id}$`));
  await expect(page.getByRole('heading', { name: 'New post', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: /main/i })).toBeHidden();
  await expectNoSeriousA11yIssues(page);

  await recordVoiceNote(page);
  await expect(page.getByText('Voice note uploaded')).toBeVisible({ timeout: 15_000 });
  const questSelect = page.getByLabel('Quest it reports on (optional)');
  await expect(questSelect).toHaveValue(quest.id);

  await page.getByTestId('media-picker-library').setInputFiles({
    name: 'walk.jpg',
    mimeType: 'image/jpeg',
    buffer: await photoFrom(page),
  });
  await expect(page.getByText('Photo uploaded')).toBeVisible({ timeout: 15_000 });
  await page.getByText('Vibers only', { exact: true }).click();
  await expect(page.getByRole('radio', { name: /Vibers only/ })).toBeChecked();
  await expectNoSeriousA11yIssues(page);

  // Leaving now asks first; keeping on editing loses nothing.
  await page.getByRole('button', { name: 'Cancel post' }).click();
  const discard = page.getByRole('dialog', { name: 'Discard this post?' });
  await expect(discard).toBeVisible();
  await discard.getByRole('button', { name: 'Keep editing' }).click();
  await expect(discard).toBeHidden();
  await expect(page).toHaveURL(/\/post\?/);

  // The first share fails on the way; the retry sends the same request with the same key.
  const keys: string[] = [];
  let failNext = true;
  await page.route('**/api/posts', async (route) => {
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    if (!failNext) return route.continue();
    failNext = false;
    await route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'The server is busy. Try again.', statusCode: 503 }),
    });
  });
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const refused = page.getByRole('alert').filter({ hasText: 'Your post was not shared' });
  await expect(refused).toContainText('The server is busy. Try again.');
  // Everything is still there: the recording, the photo, the quest, the visibility.
  await expect(page.getByRole('slider', { name: 'Position in recorded voice note' })).toBeVisible();
  await expect(page.getByText('Photo uploaded')).toBeVisible();
  await expect(questSelect).toHaveValue(quest.id);
  await expect(page.getByRole('radio', { name: /Vibers only/ })).toBeChecked();

  const created = page.waitForResponse(
    (res) => res.url().endsWith('/api/posts') && res.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Retry' }).click();
  const post = (await (await created).json()) as Post;
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  expect(keys[1]).toBe(keys[0]);
  expect(post).toMatchObject({ visibility: 'vibers', quest: { id: quest.id, streak: 1 } });
  expect(post.attachment?.kind).toBe('photo');

  await expect(page.getByText('Posted', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/feed$/);

  // On my profile: the post, with its quest and who may see it.
  await page.goto('/profile');
  const card = page.locator(`[data-post-id="${post.id}"]`);
  await expect(card).toBeVisible();
  await expect(card.getByRole('link', { name: /^Quest: Evening walk/ })).toBeVisible();
  await expect(card.getByText('Vibers only')).toBeVisible();
  // Shared once: the retry was a replay, not a second post.
  const mine = await request.get(`/api/users/${auth.user.id}/posts`, { headers: bearer(auth) });
  expect(((await mine.json()) as { items: Post[] }).items).toHaveLength(1);
});

test('with no posts, my profile leads to /post; a failed upload is retried; leaving asks first', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const { person } = await onboardedPerson(request, 'firstpost');
  await signIn(page, person, '/profile');
  const posts = page.getByRole('region', { name: 'Posts' });
  await expect(posts.getByRole('heading', { name: 'No posts yet' })).toBeVisible();
  await posts.getByRole('link', { name: 'Share your first post' }).click();
  await expect(page).toHaveURL(/\/post$/);

  // Share waits for a recording.
  await expect(page.getByRole('button', { name: 'Share', exact: true })).toHaveCount(0);

  // The voice note's first upload fails: Retry upload sends the same recording again.
  let failUpload = true;
  await page.route(
    (url) => url.pathname === '/api/media',
    async (route) => {
      if (!failUpload || route.request().method() !== 'POST') return route.continue();
      failUpload = false;
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Uploads are paused. Try again.', statusCode: 503 }),
      });
    },
  );
  await recordVoiceNote(page);
  await expect(
    page.getByRole('alert').filter({ hasText: 'Your voice note did not upload' }),
  ).toContainText('Uploads are paused. Try again.');
  const share = page.getByRole('button', { name: 'Share', exact: true });
  await expect(share).toBeDisabled();
  await expect(page.getByText('Your voice note did not upload. Retry it to share.')).toBeVisible();
  await page.getByRole('button', { name: 'Retry upload' }).click();
  await expect(page.getByText('Voice note uploaded')).toBeVisible({ timeout: 15_000 });
  await expect(share).toBeEnabled();

  // Leaving asks first; discarding deletes the upload nothing will use.
  await page.getByRole('button', { name: 'Cancel post' }).click();
  const discard = page.getByRole('dialog', { name: 'Discard this post?' });
  await expectNoSeriousA11yIssues(page);
  const deleted = page.waitForRequest(
    (req) => req.method() === 'DELETE' && /\/api\/media\/[0-9a-f-]{36}$/.test(req.url()),
  );
  await discard.getByRole('button', { name: 'Discard' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await deleted;
});
