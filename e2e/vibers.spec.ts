import type { AuthResponse } from '@doers/contract';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectNoSeriousA11yIssues } from './support/axe.js';
import { createQuestByApi, onboardedPerson } from './support/quests.js';
import { signIn } from './support/sign-in.js';

const bearer = (auth: AuthResponse) => ({ authorization: `Bearer ${auth.tokens.accessToken}` });

async function vibe(request: APIRequestContext, from: AuthResponse, to: AuthResponse) {
  const res = await request.post('/api/vibes', {
    data: { targetUserId: to.user.id, vibeReason: 'inspired' },
    headers: bearer(from),
  });
  expect(res.status(), await res.text()).toBe(201);
}

test('removes a viber from /settings/privacy: they lose the vibers-only quest at once', async ({
  page,
  request,
}) => {
  const { person, auth: owner } = await onboardedPerson(request, 'owner');
  const { auth: friend } = await onboardedPerson(request, 'friend');
  const { auth: fan } = await onboardedPerson(request, 'fan');
  await vibe(request, friend, owner);
  await vibe(request, owner, friend);
  await vibe(request, fan, owner);
  const quest = await createQuestByApi(request, owner, {
    title: 'Quiet mornings',
    category: 'mindfulness',
    tasks: [{ title: 'Sit for ten minutes' }],
    visibility: 'vibers',
  });
  const questFor = (auth: AuthResponse) =>
    request.get(`/api/quests/${quest.id}`, { headers: bearer(auth) });
  expect((await questFor(friend)).status()).toBe(200);
  expect((await questFor(fan)).status()).toBe(404);

  await signIn(page, person, '/settings/privacy');
  const section = page.getByRole('region', { name: 'Your vibers' });
  const rows = section.getByRole('list', { name: 'Vibers' }).getByRole('listitem');
  await expect(rows).toHaveCount(2);
  const friendRow = rows.filter({ hasText: `@${friend.user.username}` });
  await expect(friendRow).toContainText('Mutual');
  await expect(friendRow).toContainText('Sees your vibers-only quests');
  await expect(rows.filter({ hasText: `@${fan.user.username}` })).toContainText('Vibes with you');
  await expectNoSeriousA11yIssues(page);

  // Remove asks first; cancelling keeps them.
  await friendRow.getByRole('button', { name: /^Remove .+ from your vibers$/ }).click();
  const dialog = page.getByRole('dialog', { name: /^Remove .+\?$/ });
  await expect(dialog).toContainText('lose your vibers-only quests');
  await expectNoSeriousA11yIssues(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(rows).toHaveCount(2);

  await friendRow.getByRole('button', { name: /^Remove .+ from your vibers$/ }).click();
  await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(page.getByText(/no longer vibes with you$/).first()).toBeVisible();
  await expect(rows).toHaveCount(1);
  expect((await questFor(friend)).status()).toBe(404);

  await rows
    .filter({ hasText: `@${fan.user.username}` })
    .getByRole('button', { name: /^Remove/ })
    .click();
  await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(section.getByText('No vibers yet')).toBeVisible();
  await expectNoSeriousA11yIssues(page);
});

test('the quest form says what Vibers means', async ({ page, request }) => {
  const { person } = await onboardedPerson(request, 'labels');
  await signIn(page, person, '/quests/create');
  await expect(
    page.getByText(
      'People you vibe with who vibe with you back. A vibe sent to you unlocks nothing.',
    ),
  ).toBeVisible();
});
