import type { AuthResponse } from '@doers/contract';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yIssues } from './support/axe.js';
import { onboardedPerson } from './support/quests.js';
import { signIn } from './support/sign-in.js';

const bearer = (auth: AuthResponse) => ({ authorization: `Bearer ${auth.tokens.accessToken}` });

test('a private profile with hidden stats: another person sees "This profile is private" and no stats', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { person, auth: me } = await onboardedPerson(request, 'private');
  const { person: otherPerson } = await onboardedPerson(request, 'viewer');
  const bio = 'Painting the sea every Sunday';
  const saved = await request.patch('/api/users/me/profile', {
    data: { bio },
    headers: bearer(me),
  });
  expect(saved.status(), await saved.text()).toBe(200);

  await signIn(page, person, '/settings/privacy');
  const section = page.getByRole('region', { name: 'Your profile' });
  const privateProfile = section.getByRole('switch', { name: 'Private profile' });
  const showStats = section.getByRole('switch', { name: 'Show my stats' });
  await expect(privateProfile).not.toBeChecked();
  await expect(showStats).toBeChecked();
  // What vibers-only means sits by the vibers, and the blocked people are one tap away.
  await expect(page.getByRole('region', { name: 'Vibers-only posts and quests' })).toContainText(
    'Sending you a vibe never unlocks them.',
  );
  await expect(page.getByRole('link', { name: 'Blocked people' })).toHaveAttribute(
    'href',
    '/settings/blocked-users',
  );
  await expectNoSeriousA11yIssues(page);

  await privateProfile.check();
  await expect(page.getByText('Your profile is private now').first()).toBeVisible();
  await expect(privateProfile).toBeChecked();
  await showStats.uncheck();
  await expect(page.getByText('Your stats are hidden from others now').first()).toBeVisible();
  await expect(showStats).not.toBeChecked();
  await page.reload();
  await expect(privateProfile).toBeChecked();
  await expect(showStats).not.toBeChecked();

  // I still see my own profile in full.
  await page.goto('/profile');
  await expect(page.getByText(bio)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Stats' })).toContainText('Current streak');

  // Someone else sees the name and picture, the lock, and neither the bio nor the stats.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await signIn(other, otherPerson, `/users/${me.user.id}`);
  const note = other.getByRole('region', { name: 'This profile is private' });
  await expect(note).toContainText('who also vibe with them');
  await expect(other.getByText(`@${me.user.username}`).first()).toBeVisible();
  await expect(other.getByText(bio)).toBeHidden();
  await expect(other.getByRole('region', { name: 'Stats' })).toHaveCount(0);
  await expect(other.getByText('Current streak')).toHaveCount(0);
  await expect(other.getByRole('button', { name: 'Send a vibe' })).toBeVisible();
  await expectNoSeriousA11yIssues(other);

  // A public profile with the stats still hidden: the bio comes back, the figures do not.
  const made = await request.patch('/api/users/me/privacy', {
    data: { privateProfile: false },
    headers: bearer(me),
  });
  expect(made.status(), await made.text()).toBe(200);
  await other.reload();
  await expect(other.getByText(bio)).toBeVisible();
  await expect(other.getByRole('region', { name: 'Stats' })).toContainText(
    'keeps their stats private',
  );
  await expect(other.getByText('Current streak')).toHaveCount(0);
  await expect(other.getByRole('region', { name: 'This profile is private' })).toHaveCount(0);
  await otherContext.close();
});
