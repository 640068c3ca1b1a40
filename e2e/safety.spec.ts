import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yIssues } from './support/axe.js';
import { openModerationConsole } from './support/moderation.js';
import { bearer, postByApi } from './support/posts.js';
import { onboardedPerson } from './support/quests.js';
import { signIn } from './support/sign-in.js';

test('a report travels to the moderation console; the post is hidden, the reporter told, the author shown why', async ({
  page,
  browser,
  request,
}) => {
  const author = await onboardedPerson(request, 'loud');
  const reader = await onboardedPerson(request, 'reader');
  const vibe = await request.post('/api/vibes', {
    data: { targetUserId: author.auth.user.id, vibeReason: 'inspired' },
    headers: bearer(reader.auth),
  });
  expect(vibe.status()).toBe(201);
  await postByApi(request, author.auth);

  // The reader reports the post from its card's menu.
  await signIn(page, reader.person, '/feed');
  const card = page.getByRole('article', { name: new RegExp(`Post by ${author.person.username}`) });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'More actions for this post' }).click();
  await card.getByRole('button', { name: 'Report post' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report this post' });
  // No reason is chosen for them: Send alone files nothing and says what is missing.
  for (const radio of await dialog.getByRole('radio').all()) await expect(radio).not.toBeChecked();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'Choose what is wrong before sending the report.',
  );
  await dialog.getByRole('radio', { name: /Harassment/ }).check();
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await dialog.getByLabel('Anything to add? (optional)').fill('Mocks my friend in every post');
  await expectNoSeriousA11yIssues(page);
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByText('Thanks for telling us.').first()).toBeVisible();
  await page.goto('/settings/reports');
  await expect(page.getByText('Being looked at')).toBeVisible();

  // A moderator hides it from the console.
  const { phone: moderatorPhone, page: console_ } = await openModerationConsole(
    browser,
    request,
    'e2e-mod-api',
  );
  const item = console_.getByRole('listitem', { name: new RegExp(`Reported post by`) }).filter({
    hasText: 'Mocks my friend in every post',
  });
  await expect(item).toBeVisible();
  await expect(item.getByRole('button', { name: /Play reported post/ })).toBeVisible();
  await expectNoSeriousA11yIssues(console_);
  await item.getByRole('radio', { name: 'Hide it' }).check();
  await item.getByLabel(/^Reason/).fill('Mocking another person');
  await item.getByRole('button', { name: 'Hide it' }).click();
  await expect(console_.getByText('Done: you hid the post.').first()).toBeVisible();
  await expect(
    console_.getByRole('region', { name: 'Audit log' }).getByText(/hid the post of @loud_/),
  ).toBeVisible();
  await moderatorPhone.close();

  // The reporter is told, and the post is gone from the feed.
  await page.goto('/settings/reports');
  await expect(page.getByText('Action taken')).toBeVisible();
  await expect(page.getByText('The post you reported was hidden.')).toBeVisible();
  await page.goto('/feed');
  await expect(
    page.getByRole('article', { name: new RegExp(`Post by ${author.person.username}`) }),
  ).toHaveCount(0);

  // The author sees why.
  const authorPhone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const authorPage = await authorPhone.newPage();
  await signIn(authorPage, author.person, '/notifications');
  await expect(
    authorPage.getByText(
      /The Doers team hid your post: it broke the Terms\. Reason: Mocking another person/,
    ),
  ).toBeVisible();
  await authorPhone.close();
});

test('a person prepares a copy of their data and downloads the ZIP', async ({ page, request }) => {
  const { person, auth } = await onboardedPerson(request, 'keeper');
  await postByApi(request, auth);
  await signIn(page, person, '/settings/your-data');
  await page.getByRole('button', { name: 'Prepare my data' }).click();
  const link = page.getByRole('link', { name: /Download \(\d+ KB\)/ });
  await expect(link).toBeVisible({ timeout: 30_000 });
  await expectNoSeriousA11yIssues(page);
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^doers-data-\d{4}-\d{2}-\d{2}\.zip$/);
});
