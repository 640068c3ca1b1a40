import { expect, test } from '@playwright/test';
import { bearer, postByApi } from './support/posts.js';
import { onboardedPerson } from './support/quests.js';
import { signIn } from './support/sign-in.js';

// The feed follows the realtime stream (docs/product/realtime.md): what is asserted here arrives
// well before the feed's 30-second check for a newer post could bring it.
test('a new post raises "New posts", which loads it on top; my card counts smiles as they come', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { person: readerPerson, auth: reader } = await onboardedPerson(request, 'reader');
  const { auth: author } = await onboardedPerson(request, 'author');
  const vibed = await request.post('/api/vibes', {
    headers: bearer(reader),
    data: { targetUserId: author.user.id, vibeReason: 'inspired' },
  });
  expect(vibed.status(), await vibed.text()).toBe(201);
  const mine = await postByApi(request, reader);

  // The stream's headers come with its first event, sent once it listens (realtime.routes.ts).
  const streamOpen = page.waitForResponse((r) => r.url().endsWith('/api/events') && r.ok());
  await signIn(page, readerPerson);
  const feed = page.getByRole('feed', { name: 'Posts' });
  const myCard = feed.locator(`[data-post-id="${mine.id}"]`);
  await expect(myCard).toBeVisible();
  await streamOpen;

  const fresh = await postByApi(request, author);
  const pill = page.getByRole('button', { name: 'New posts' });
  await expect(pill).toBeVisible({ timeout: 10_000 });
  await expect(feed.getByRole('article')).toHaveCount(1);
  await pill.click();
  await expect(feed.getByRole('article').first()).toHaveAttribute('data-post-id', fresh.id);
  await expect(feed.getByRole('article')).toHaveCount(2);
  await expect(pill).toBeHidden();

  const smiled = await request.put(`/api/posts/${mine.id}/smile`, { headers: bearer(author) });
  expect(smiled.status(), await smiled.text()).toBe(200);
  await expect(myCard.getByRole('button', { name: /^Smile, 1 smile/ })).toBeVisible({
    timeout: 10_000,
  });
});
