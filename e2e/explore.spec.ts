import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yIssues } from './support/axe.js';
import { postByApi } from './support/posts.js';
import { onboardedPerson } from './support/quests.js';
import { signIn } from './support/sign-in.js';

test('search as one types finds a person, whose profile opens', async ({ page, request }) => {
  test.setTimeout(90_000);
  const { person } = await onboardedPerson(request, 'seeker');
  const { auth: wanted } = await onboardedPerson(request, 'findme');
  await signIn(page, person, '/search');
  await expect(page.getByRole('heading', { name: 'Explore', level: 1 })).toBeVisible();
  const field = page.getByRole('searchbox', { name: 'Search people, quests, interests and posts' });
  await field.pressSequentially(wanted.user.username.slice(0, 10), { delay: 40 });
  const people = page.getByRole('region', { name: 'People' });
  await expect(people.getByRole('link', { name: new RegExp(wanted.user.username) })).toBeVisible();
  await expectNoSeriousA11yIssues(page);

  // Nothing matches: the empty state says what was searched.
  await field.fill('zzqx nobody here');
  await expect(
    page.getByText('No people, quests, interests or posts match “zzqx nobody here”.'),
  ).toBeVisible();

  // Clear, type the name again, open the profile.
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(field).toHaveValue('');
  await expect(field).toBeFocused();
  await field.fill(wanted.user.username);
  await people.getByRole('link', { name: new RegExp(wanted.user.username) }).click();
  await expect(page).toHaveURL(new RegExp(`/users/${wanted.user.id}$`));
  await expect(page.getByText(`@${wanted.user.username}`).first()).toBeVisible();
});

test('the grid opens the swipe feed at that post, and ArrowDown moves to the next', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { person } = await onboardedPerson(request, 'browser');
  const { auth: author } = await onboardedPerson(request, 'poster');
  const oldest = await postByApi(request, author);
  const middle = await postByApi(request, author);
  const newest = await postByApi(request, author);
  await signIn(page, person, '/search');
  const grid = page.getByRole('list', { name: 'Recent public posts' });
  await expect(grid.locator(`a[href="/explore/feed/${newest.id}"]`)).toBeVisible();
  await expectNoSeriousA11yIssues(page);
  await grid.locator(`a[href="/explore/feed/${middle.id}"]`).click();

  await expect(page).toHaveURL(new RegExp(`/explore/feed/${middle.id}$`));
  const feed = page.getByRole('feed', { name: 'Posts, one per screen' });
  const first = feed.locator(`[data-slide-index="0"]`);
  await expect(first).toHaveAttribute('data-post-id', middle.id);
  await expect(first).toBeInViewport({ ratio: 0.9 });
  await expect(first.getByRole('article')).toBeVisible();
  await expectNoSeriousA11yIssues(page);

  // The next (older) post comes up with ArrowDown; ArrowUp goes back.
  await page.keyboard.press('ArrowDown');
  const second = feed.locator(`[data-slide-index="1"]`);
  await expect(second).toHaveAttribute('data-post-id', oldest.id);
  await expect(second).toBeInViewport({ ratio: 0.9 });
  await page.keyboard.press('ArrowUp');
  await expect(first).toBeInViewport({ ratio: 0.9 });

  // Back returns to the grid.
  await page.getByRole('button', { name: 'Back to Explore' }).click();
  await expect(page).toHaveURL(/\/search$/);
  await expect(grid).toBeVisible();
});
