import type { AuthResponse, Conversation, Media } from '@doers/contract';
import { expect, test, type APIRequestContext, type Locator } from '@playwright/test';
import { expectNoSeriousA11yIssues } from './support/axe.js';
import { openModerationConsole } from './support/moderation.js';
import { bearer, voiceNote } from './support/posts.js';
import { onboardedPerson } from './support/quests.js';
import { signIn } from './support/sign-in.js';

// Chromium runs with a fake microphone (playwright.config.ts): the report's spoken note is a
// real recording of its tone.

const nameOf = (auth: AuthResponse) => auth.user.displayName || `@${auth.user.username}`;

/** `from` sends `to` a one-second voice message through the API; the conversation's id. */
async function messageByApi(
  request: APIRequestContext,
  from: AuthResponse,
  to: AuthResponse,
): Promise<string> {
  for (const [a, b] of [
    [from, to],
    [to, from],
  ] as const) {
    const vibe = await request.post('/api/vibes', {
      data: { targetUserId: b.user.id, vibeReason: 'inspired' },
      headers: bearer(a),
    });
    expect(vibe.status(), await vibe.text()).toBe(201);
  }
  const opened = await request.put(`/api/dms/with/${to.user.id}`, { headers: bearer(from) });
  expect(opened.status(), await opened.text()).toBe(200);
  const conversation = (await opened.json()) as Conversation;
  const upload = await request.post('/api/media?purpose=dm', {
    headers: bearer(from),
    multipart: { file: { name: 'voice.webm', mimeType: 'audio/webm', buffer: voiceNote() } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const sent = await request.post(`/api/dms/${conversation.id}/messages`, {
    headers: bearer(from),
    data: { voiceMediaId: ((await upload.json()) as Media).id },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  return conversation.id;
}

/** The player named `label` in `scope` plays: its button turns to Pause and time moves. */
async function expectPlays(scope: Locator, label: string) {
  await scope.getByRole('button', { name: `Play ${label}` }).click();
  await expect(scope.getByRole('button', { name: `Pause ${label}` })).toBeVisible();
  const audio = scope.getByRole('group', { name: new RegExp(`^${label}$`, 'i') }).locator('audio');
  await expect
    .poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime), { timeout: 15_000 })
    .toBeGreaterThan(0.2);
}

test('a voice message is reported from its conversation with a spoken note; the moderator hears both', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const sender = await onboardedPerson(request, 'rude');
  const reader = await onboardedPerson(request, 'hurt');
  const conversationId = await messageByApi(request, sender.auth, reader.auth);

  // The reader opens the conversation: their own messages have no flag, the other's has.
  await signIn(page, reader.person, `/dms/${conversationId}`);
  const reportButton = page.getByRole('button', {
    name: `Report voice message from ${nameOf(sender.auth)}`,
  });
  await expect(reportButton).toBeVisible();
  await reportButton.click();
  const dialog = page.getByRole('dialog', { name: 'Report this voice message' });
  await dialog.getByRole('radio', { name: /Harassment/ }).check();
  await dialog.getByLabel('Anything to add? (optional)').fill('Shouts at me in every message');

  // A spoken note: recorded, listened back, added to the report.
  await dialog.getByRole('button', { name: 'Record voice note for the report' }).click();
  await expect(dialog.getByRole('timer')).toHaveText(/^0:0[2-9] \/ 1:00$/, { timeout: 10_000 });
  await dialog.getByRole('button', { name: 'Stop recording voice note for the report' }).click();
  await expect(
    dialog.getByRole('slider', { name: 'Position in recorded voice note for the report' }),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Add to report' }).click();
  await expect(
    dialog.getByRole('button', { name: 'Play your voice note for the report' }),
  ).toBeVisible({ timeout: 15_000 });
  await expectNoSeriousA11yIssues(page);
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByText('Thanks for telling us.').first()).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // The reporter can hear their note again with the report.
  await page.goto('/settings/reports');
  await expect(page.getByText('Being looked at')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Play your voice note' })).toBeVisible();

  // The moderator finds it in the console: the message and the note both play.
  const { phone: moderatorPhone, page: console_ } = await openModerationConsole(
    browser,
    request,
    'e2e-mod-report-message',
  );
  const item = console_
    .getByRole('listitem', { name: /^Reported voice message by / })
    .filter({ hasText: 'Shouts at me in every message' });
  await expect(item).toBeVisible();
  await expectPlays(item, 'reported voice message');
  await expectPlays(item, `voice note from @${reader.person.username}`);
  await expectNoSeriousA11yIssues(console_);
  await moderatorPhone.close();
});
