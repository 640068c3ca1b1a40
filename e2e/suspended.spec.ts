import { suspensionEndText, type AuditEntry, type AuthResponse } from '@doers/contract';
import { expect, test } from '@playwright/test';
import { MODERATOR } from './support/accounts.js';
import { expectNoSeriousA11yIssues } from './support/axe.js';
import { bearer } from './support/posts.js';
import { onboardedPerson } from './support/quests.js';

test('a suspended person signs in to one screen: why, until when, their data, and signing out', async ({
  page,
  request,
}) => {
  const { person, auth } = await onboardedPerson(request, 'suspended');
  // A moderator (granted by e2e/support/global-setup.ts) suspends them for a week.
  const login = await request.post('/api/auth/login', {
    data: {
      email: MODERATOR.username,
      password: MODERATOR.password,
      device: { id: 'e2e-mod-suspends' },
    },
  });
  expect(login.status()).toBe(200);
  const moderator = (await login.json()) as AuthResponse;
  const suspended = await request.post('/api/moderation/actions', {
    data: {
      targetType: 'user',
      targetId: auth.user.id,
      action: 'suspend',
      reason: 'Repeated insults',
      days: 7,
    },
    headers: bearer(moderator),
  });
  expect(suspended.status(), await suspended.text()).toBe(201);
  const until = ((await suspended.json()) as AuditEntry).suspendedUntil!;

  await page.goto('/login');
  await page.getByLabel('Email or username').fill(person.username);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: /sign in|log in/i }).click();

  await expect(page).toHaveURL(/\/suspended$/);
  const heading = page.getByRole('heading', { level: 1, name: 'Your account is suspended' });
  await expect(heading).toBeFocused();
  await expect(page.getByText(`Until ${suspensionEndText(until)}`)).toBeVisible();
  await expect(page.getByText('Repeated insults')).toBeVisible();
  await expect(page.getByRole('link', { name: 'support@doers.app' })).toHaveAttribute(
    'href',
    'mailto:support@doers.app',
  );
  // No way to anywhere else: no bottom bar, and every address leads back here.
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await page.goto('/feed');
  await expect(page).toHaveURL(/\/suspended$/);
  await page.goto('/settings/your-data');
  await expect(page).toHaveURL(/\/suspended$/);
  await expect(heading).toBeVisible();
  await expectNoSeriousA11yIssues(page);

  // Their data: prepared, then downloaded.
  await page.getByRole('button', { name: 'Prepare my data' }).click();
  const link = page.getByRole('link', { name: /Download \(\d+ KB\)/ });
  await expect(link).toBeVisible({ timeout: 30_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^doers-data-\d{4}-\d{2}-\d{2}\.zip$/);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/suspended');
  await expect(page).toHaveURL(/\/login$/);
});
