import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yIssues } from './support/axe.js';
import { bearer, postByApi } from './support/posts.js';
import { createQuestByApi, onboardedPerson } from './support/quests.js';
import { signIn } from './support/sign-in.js';

test('smiles fold into one line, a vibe says why; the bell counts them and clears once they are seen', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { person: mayaPerson, auth: maya } = await onboardedPerson(request, 'maya');
  const { auth: leo } = await onboardedPerson(request, 'leo');
  const { auth: sam } = await onboardedPerson(request, 'sam');
  const post = await postByApi(request, maya);
  for (const fan of [leo, sam]) {
    const smiled = await request.put(`/api/posts/${post.id}/smile`, { headers: bearer(fan) });
    expect(smiled.status(), await smiled.text()).toBe(200);
  }
  const vibed = await request.post('/api/vibes', {
    headers: bearer(leo),
    data: { targetUserId: maya.user.id, vibeReason: 'inspired' },
  });
  expect(vibed.status(), await vibed.text()).toBe(201);

  await signIn(page, mayaPerson);
  const bell = page.getByRole('link', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications, 2 unread');
  await bell.click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();

  const today = page.getByRole('region', { name: 'Today' });
  const smiles = today.getByRole('link', {
    name: new RegExp(`${sam.user.username} and ${leo.user.username} smiled at your post`),
  });
  await expect(smiles).toHaveAttribute('href', `/posts/${post.id}`);
  const vibe = today.getByRole('link', {
    name: new RegExp(`${leo.user.username} sent you a vibe \\(inspired\\)`),
  });
  await expect(vibe).toHaveAttribute('href', '/vibes');
  // Opening the list marked both read: the badge is gone (the lines keep their mark meanwhile).
  await expect(bell).toHaveAccessibleName('Notifications');
  await expect(today.locator('.notification.is-unread')).toHaveCount(2);
  await expectNoSeriousA11yIssues(page);

  await smiles.click();
  await expect(page).toHaveURL(new RegExp(`/posts/${post.id}$`));

  // Back on the list, nothing is new any more.
  await page.goto('/notifications');
  await expect(page.getByRole('region', { name: 'Today' }).getByRole('link')).toHaveCount(2);
  await expect(page.locator('.notification.is-unread')).toHaveCount(0);
});

test('pending quest requests lead from the notifications to /activity', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { person: ownerPerson, auth: owner } = await onboardedPerson(request, 'owner');
  const { auth: asker } = await onboardedPerson(request, 'asker');
  const { id } = await createQuestByApi(request, owner, {
    title: 'Read every night',
    category: 'fitness',
    emoji: '📚',
    tasks: [],
    visibility: 'public',
    allowOthersToJoin: true,
    requiresApproval: true,
  });
  const join = await request.post(`/api/quests/${id}/join`, { headers: bearer(asker) });
  expect(join.status(), await join.text()).toBeLessThan(300);

  await signIn(page, ownerPerson);
  await page.getByRole('link', { name: /^Notifications/ }).click();
  await expect(
    page.getByRole('link', { name: new RegExp(`${asker.user.username} asked to join your quest`) }),
  ).toHaveAttribute('href', '/activity');
  await page.getByRole('link', { name: /Quest requests \(1\)/ }).click();
  await expect(page).toHaveURL(/\/activity$/);
  await expect(page.getByText(asker.user.username).first()).toBeVisible();
});

test('notification settings: switches and the reminder hour are saved', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { person } = await onboardedPerson(request, 'tuner');
  await signIn(page, person, '/settings');
  await page
    .getByRole('navigation', { name: 'Settings sections' })
    .getByRole('link', { name: /Notifications/ })
    .click();
  await expect(page).toHaveURL(/\/settings\/notifications$/);

  const smilesPush = page.getByRole('switch', { name: 'Smiles as push' });
  await expect(smilesPush).toBeChecked();
  await smilesPush.click();
  await expect(smilesPush).not.toBeChecked();
  const saved = page.waitForResponse(
    (res) => res.url().endsWith('/api/notifications/settings') && res.request().method() === 'PUT',
  );
  await page.getByLabel('Remind me at').selectOption('20');
  expect((await saved).status()).toBe(200);
  await expectNoSeriousA11yIssues(page);

  await page.reload();
  await expect(page.getByRole('switch', { name: 'Smiles as push' })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'Smiles in the app' })).toBeChecked();
  await expect(page.getByLabel('Remind me at')).toHaveValue('20');
});
