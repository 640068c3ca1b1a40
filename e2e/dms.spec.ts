import type { AuthResponse } from '@doers/contract';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yIssues } from './support/axe.js';
import { onboardedPerson } from './support/quests.js';
import { signIn } from './support/sign-in.js';

// Chromium runs with a fake microphone (playwright.config.ts): getUserMedia gives a real tone,
// which becomes each voice message. Nothing below reloads a page: what the other person does
// arrives over the realtime stream into the screens' caches.

const nameOf = (auth: AuthResponse) => auth.user.displayName || `@${auth.user.username}`;

/** Records a couple of seconds from the keyboard (Space starts, Space stops), then sends it. */
async function recordAndSend(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Hold to record voice message' }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByRole('timer')).toHaveText(/^0:0[2-9] \//, { timeout: 10_000 });
  await page.getByRole('button', { name: 'Stop recording voice message' }).focus();
  await page.keyboard.press('Space');
  await expect(
    page.getByRole('slider', { name: 'Position in recorded voice message' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Send', exact: true }).click();
}

const messagesButton = (page: Page) =>
  page.getByRole('banner').getByRole('link', { name: /^Messages/ });

test('two people exchange voice messages: live arrival, listened marks, badges that count and clear', async ({
  page: maya,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const a = await onboardedPerson(request, 'maya');
  const b = await onboardedPerson(request, 'leo');
  const leoContext = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  const leo = await leoContext.newPage();
  await signIn(maya, a.person);
  await signIn(leo, b.person);

  // Leo waits on his (empty) conversation list.
  await leo.goto('/dms');
  await expect(leo.getByRole('heading', { name: 'No messages yet' })).toBeVisible();
  await expect(messagesButton(leo)).toHaveAccessibleName('Messages');
  await expectNoSeriousA11yIssues(leo);

  // Maya starts from Leo's profile: Message opens the conversation, without the bottom bar.
  await maya.goto(`/users/${b.auth.user.id}`);
  await maya.getByRole('link', { name: `Message ${nameOf(b.auth)}` }).click();
  await expect(maya).toHaveURL(/\/dms\/[0-9a-f-]{36}$/);
  await expect(maya.getByRole('navigation', { name: /main/i })).toHaveCount(0);
  await expect(maya.getByRole('heading', { name: 'No messages yet' })).toBeVisible();
  await recordAndSend(maya);
  const mine = maya
    .getByRole('list', { name: `Messages with ${nameOf(b.auth)}` })
    .getByRole('listitem');
  await expect(mine).toHaveCount(1);
  await expect(mine.first().getByText('Sent')).toBeVisible({ timeout: 15_000 });
  await expectNoSeriousA11yIssues(maya);

  // Leo's badge and list show it as it arrives.
  await expect(messagesButton(leo)).toHaveAccessibleName('Messages, 1 unread', { timeout: 15_000 });
  const row = leo.getByRole('link', {
    name: new RegExp(`^Conversation with ${nameOf(a.auth)}, 1 unread message`),
  });
  await expect(row).toBeVisible();
  await row.click();

  // Opening it reads it; playing it through marks it listened for Maya.
  await expect(messagesButton(leo)).toHaveAccessibleName('Messages');
  await leo.getByRole('button', { name: `Play voice message from ${nameOf(a.auth)}` }).click();
  const theirs = leo.getByRole('group', { name: `Voice message from ${nameOf(a.auth)}` });
  await expect(theirs.getByText('Listened')).toBeVisible({ timeout: 15_000 });
  await expect(mine.first().getByText('Listened')).toBeVisible({ timeout: 15_000 });

  // Leo answers; it appears in Maya's open thread, which reads it at once.
  await recordAndSend(leo);
  await expect(
    maya.getByRole('group', { name: `Voice message from ${nameOf(b.auth)}` }),
  ).toBeVisible({ timeout: 15_000 });
  await expect(mine).toHaveCount(2);
  await expect(messagesButton(maya)).toHaveAccessibleName('Messages');

  // Maya deletes her message: it goes from both screens.
  await maya.getByRole('button', { name: 'Delete your voice message' }).click();
  await maya
    .getByRole('dialog', { name: 'Delete this voice message?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(maya.getByText('Message deleted').first()).toBeVisible();
  await expect(mine).toHaveCount(1);
  await expect(
    leo.getByRole('group', { name: `Voice message from ${nameOf(a.auth)}` }),
  ).toHaveCount(0, { timeout: 15_000 });

  // Back on his list, Leo's own reply is the last message.
  await leo.getByRole('link', { name: 'Back to Messages' }).click();
  await expect(
    leo.getByRole('link', { name: new RegExp(`^Conversation with ${nameOf(a.auth)}, you sent`) }),
  ).toBeVisible();
  await leoContext.close();
});

test('who can message you: Nobody refuses a new conversation with a reason and a way back', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const a = await onboardedPerson(request, 'ana');
  const b = await onboardedPerson(request, 'bo');
  await signIn(page, b.person, '/settings/privacy');
  await page.getByRole('group', { name: 'Who can message you' }).getByText('Nobody').click();
  await expect(page.getByText('Nobody can message you now').first()).toBeVisible();
  await expectNoSeriousA11yIssues(page);

  const other = await browser.newContext({ viewport: { width: 390, height: 844 } });
  page = await other.newPage();
  await signIn(page, a.person, `/dms/new/${b.auth.user.id}`);
  await expect(page.getByRole('heading', { name: "You can't message this person" })).toBeVisible();
  await expect(page.getByText(`@${b.auth.user.username} isn't taking messages`)).toBeVisible();
  await page.getByRole('link', { name: 'Back to their profile' }).click();
  await expect(page).toHaveURL(new RegExp(`/users/${b.auth.user.id}$`));
  await other.close();
});
