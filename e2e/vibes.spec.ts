import type { AuthResponse } from '@doers/contract';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yIssues } from './support/axe.js';
import { onboardedPerson } from './support/quests.js';
import { signIn } from './support/sign-in.js';

const bearer = (auth: AuthResponse) => ({ authorization: `Bearer ${auth.tokens.accessToken}` });

test('/vibes: a vibe received and one sent, vibers and vibing with, then stop vibing', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { person, auth: me } = await onboardedPerson(request, 'vibes');
  const { auth: friend } = await onboardedPerson(request, 'pal');
  const res = await request.post('/api/vibes', {
    data: { targetUserId: me.user.id, vibeReason: 'inspired' },
    headers: bearer(friend),
  });
  expect(res.status(), await res.text()).toBe(201);
  const friendName = friend.user.displayName || `@${friend.user.username}`;

  await signIn(page, person);
  // Nothing sent yet: the empty state says how to send one.
  await page.goto('/vibes?tab=sent');
  await expect(page.getByRole('tab', { name: 'Sent' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'No vibes sent yet' })).toBeVisible();
  await expectNoSeriousA11yIssues(page);

  // I vibe back from their profile, with a reason.
  await page.goto(`/users/${friend.user.id}`);
  await page.getByRole('button', { name: 'Send a vibe' }).click();
  await page.getByRole('radio', { name: 'Proud' }).check();
  await page.getByRole('button', { name: 'Send vibe' }).click();
  await expect(page.getByText(/^Vibe sent to .+: proud/)).toBeVisible();

  // My profile's vibers figure leads to the list.
  await page.goto('/profile');
  await page.getByRole('link', { name: 'Vibers: 1, see the list' }).click();
  await expect(page).toHaveURL(/\/vibes\?tab=vibers$/);
  const vibers = page.getByRole('list', { name: 'Your vibers' });
  await expect(vibers.getByRole('listitem')).toHaveCount(1);
  await expect(vibers.getByRole('listitem')).toContainText(friendName);
  await expect(vibers.getByRole('listitem')).toContainText('Mutual');

  // Received: who, why, when. Arrow keys move between the tabs.
  await page.getByRole('tab', { name: 'Vibers' }).focus();
  await page.keyboard.press('Home');
  await expect(page.getByRole('tab', { name: 'Received' })).toBeFocused();
  await expect(page).toHaveURL(/\/vibes$/);
  const received = page.getByRole('list', { name: 'Vibes received' }).getByRole('listitem');
  await expect(received).toHaveCount(1);
  await expect(received).toContainText(friendName);
  await expect(received).toContainText('inspired');
  await expect(received.locator('time')).toHaveText(/now|\dm/);
  await expectNoSeriousA11yIssues(page);

  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Sent' })).toHaveAttribute('aria-selected', 'true');
  const sent = page.getByRole('list', { name: 'Vibes sent' }).getByRole('listitem');
  await expect(sent).toHaveCount(1);
  await expect(sent).toContainText(friendName);
  await expect(sent).toContainText('proud');

  // Vibing with: mutual, and stopping asks first.
  await page.getByRole('tab', { name: 'Vibing with' }).click();
  const vibing = page.getByRole('list', { name: 'You vibe with' }).getByRole('listitem');
  await expect(vibing).toHaveCount(1);
  await expect(vibing).toContainText('Mutual');
  await vibing.getByRole('button', { name: `Stop vibing with ${friendName}` }).click();
  const dialog = page.getByRole('dialog', { name: `Stop vibing with ${friendName}?` });
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yIssues(page);
  await dialog.getByRole('button', { name: 'Stop vibing' }).click();
  await expect(page.getByText(`You no longer vibe with ${friendName}`)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'You don’t vibe with anyone yet' })).toBeVisible();

  // They still vibe with me, no longer mutual; the server agrees.
  await page.getByRole('tab', { name: 'Vibers' }).click();
  await expect(vibers.getByRole('listitem')).toContainText('Vibes with you');
  const mine = await request.get('/api/vibes/vibing', { headers: bearer(me) });
  expect(((await mine.json()) as { items: unknown[] }).items).toHaveLength(0);
});
