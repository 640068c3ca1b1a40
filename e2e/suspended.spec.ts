import { suspensionEndText, type AuditEntry, type AuthResponse } from '@doers/contract';
import { expect, test } from '@playwright/test';
import { MODERATOR } from './support/accounts.js';
import { openModerationConsole } from './support/moderation.js';
import { expectNoSeriousA11yIssues } from './support/axe.js';
import { bearer } from './support/posts.js';
import { onboardedPerson } from './support/quests.js';

test('a suspended person signs in to one screen: why, until when, their data, and signing out; an admin lifts it', async ({
  page,
  browser,
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

  // An admin lifts it early from the audit log, saying why.
  const { phone, page: console_ } = await openModerationConsole(browser, request, 'e2e-lift');
  const lift = console_.getByRole('button', {
    name: `Lift the suspension of @${person.username}`,
  });
  await lift.click();
  const dialog = console_.getByRole('dialog', {
    name: `Lift the suspension of @${person.username}?`,
  });
  await dialog.getByRole('button', { name: 'Lift suspension' }).click();
  await expect(dialog.getByText('Say why before lifting the suspension.')).toBeVisible();
  await dialog.getByLabel('Why (the audit log keeps it)').fill('Apologised to everyone');
  await expectNoSeriousA11yIssues(console_);
  await dialog.getByRole('button', { name: 'Lift suspension' }).click();
  await expect(console_.getByText(`@${person.username} can use Doers again.`)).toBeVisible();
  await expect(
    console_.getByText(`lifted the suspension of @${person.username}: “Apologised to everyone”`),
  ).toBeVisible();
  await expect(lift).toHaveCount(0);
  await phone.close();

  // The person is back to the whole app.
  await page.getByLabel('Email or username').fill(person.username);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: /sign in|log in/i }).click();
  await expect(page.getByRole('navigation').first()).toBeVisible();
  await expect(page).not.toHaveURL(/\/suspended$/);
});
