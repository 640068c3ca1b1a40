import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { newPerson } from './support/accounts.js';
import { expectNoSeriousA11yIssues } from './support/axe.js';
import { createQuestByApi, onboardedPerson } from './support/quests.js';
import { signIn } from './support/sign-in.js';

/** A founder past onboarding who has checked in today on a quest of their own. */
async function personWhoCheckedIn(request: APIRequestContext, prefix: string) {
  const { person, auth } = await onboardedPerson(request, prefix);
  const quest = await createQuestByApi(request, auth, {
    title: 'Read 20 pages',
    description: '',
    category: 'learning',
    emoji: '📚',
    tasks: [{ title: 'Read' }],
    visibility: 'public',
  });
  const checkIn = await request.post(`/api/quests/${quest.id}/check-ins`, {
    data: { day: 'today' },
    headers: { authorization: `Bearer ${auth.tokens.accessToken}` },
  });
  expect(checkIn.status()).toBe(201);
  return { person, auth };
}

/** The text a QR code image holds, read the way a phone's camera app would. */
async function decodeQrPng(path: string): Promise<string | null> {
  const png = PNG.sync.read(await readFile(path));
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
}

test('an invite travels from one phone’s QR code to a new account, and both show on the leaderboard', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const { person: host, auth: hostAuth } = await personWhoCheckedIn(request, 'host');

  await signIn(page, host, '/qr-code');
  await expect(page.getByRole('heading', { name: 'My QR code' })).toBeVisible();
  await expect(
    page.getByText('0 people joined with your code this month.', { exact: false }),
  ).toBeVisible();
  await expect(page.getByLabel('Your referral code')).toHaveValue(hostAuth.user.referralCode);
  await expect(page.getByText('Nobody yet')).toBeVisible();
  await expectNoSeriousA11yIssues(page);

  // Download the PNG and read it as a camera would.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download PNG' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`doers-invite-${hostAuth.user.referralCode}.png`);
  const link = await decodeQrPng(await download.path());
  expect(link).toBe(`${baseURL}/invite/${hostAuth.user.referralCode}`);

  // A friend's phone opens the link and signs up.
  const friendPhone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const friendPage = await friendPhone.newPage();
  const friend = newPerson('friend');
  await friendPage.goto(link!);
  await expect(friendPage.getByText(`You were invited by @${host.username}`).first()).toBeVisible();
  await friendPage.getByLabel('Username').fill(friend.username);
  await friendPage.getByLabel('Email', { exact: true }).fill(friend.email);
  await friendPage.getByLabel('Password', { exact: true }).fill(friend.password);
  await friendPage.getByLabel('Confirm password').fill(friend.password);
  await friendPage.getByLabel(/I agree to the Doers Terms/).check();
  await friendPage.getByRole('button', { name: /create account/i }).click();
  await expect(friendPage).toHaveURL(/\/onboarding\//);
  await friendPhone.close();

  // The host sees who joined, the count go up, and a notification.
  await page.reload();
  await expect(
    page.getByText('1 person joined with your code this month.', { exact: false }),
  ).toBeVisible();
  const invited = page.getByRole('list', { name: 'People you invited' });
  await expect(invited.getByRole('link', { name: new RegExp(friend.username) })).toBeVisible();
  await page.goto('/notifications');
  await expect(page.getByText(new RegExp(`${friend.username}.*joined`, 'i')).first()).toBeVisible();

  // The leaderboard ranks the host's real check-in, and says where the host stands.
  await page.goto('/leaderboard');
  const board = page.getByRole('region', { name: 'This week ranking' });
  await expect(board.getByRole('link', { name: host.username })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your place' })).toContainText(
    /You are #\d+ with 1 check-in\./,
  );
  await page.getByRole('button', { name: 'All time' }).click();
  await expect(page).toHaveURL(/board=all-time/);
  await expect(page.getByRole('region', { name: 'Your place' })).toContainText(
    'with a 1-day streak',
  );
  await expectNoSeriousA11yIssues(page);
});

test('hiding from the leaderboard takes me off it, and the board offers to show me again', async ({
  page,
  request,
}) => {
  const { person } = await personWhoCheckedIn(request, 'shy');
  await signIn(page, person, '/settings/privacy');
  await page.getByRole('switch', { name: 'Hide me from the leaderboard' }).check();
  await expect(page.getByText('You are hidden from the leaderboard now').first()).toBeVisible();

  await page.goto('/leaderboard');
  await expect(page.getByRole('region', { name: 'Your place' })).toContainText(
    'You are hidden from the leaderboard.',
  );
  await expect(page.getByRole('link', { name: person.username })).toHaveCount(0);
  await page.getByRole('button', { name: 'Show me on the leaderboard' }).click();
  await expect(page.getByRole('region', { name: 'Your place' })).toContainText(/You are #\d+/);
  await expect(page.getByRole('link', { name: person.username })).toBeVisible();
});
