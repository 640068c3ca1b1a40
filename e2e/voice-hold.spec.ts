import type { Conversation, DmMessagePage } from '@doers/contract';
import { expect, test } from '@playwright/test';
import { bearer } from './support/posts.js';
import { onboardedPerson } from './support/quests.js';
import { signIn } from './support/sign-in.js';

// Chromium's fake microphone (playwright.config.ts) gives a real tone to record.

test('a held recording keeps what is said as the finger lifts', async ({ page, request }) => {
  const maya = await onboardedPerson(request, 'holder');
  const leo = await onboardedPerson(request, 'hearer');
  for (const [from, to] of [
    [maya, leo],
    [leo, maya],
  ] as const) {
    const vibe = await request.post('/api/vibes', {
      data: { targetUserId: to.auth.user.id, vibeReason: 'inspired' },
      headers: bearer(from.auth),
    });
    expect(vibe.status()).toBe(201);
  }
  const opened = await request.put(`/api/dms/with/${leo.auth.user.id}`, {
    headers: bearer(maya.auth),
  });
  const conversation = (await opened.json()) as Conversation;
  await signIn(page, maya.person, `/dms/${conversation.id}`);

  // Once the conversation has loaded (the button moves down as it does), hold the button about
  // four seconds, as a thumb would, and let go.
  await expect(page.getByText('No messages yet')).toBeVisible();
  const hold = page.getByRole('button', { name: 'Hold to record voice message' });
  const box = (await hold.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await expect(page.getByRole('timer')).toBeVisible();
  const recordingFrom = Date.now();
  await page.waitForTimeout(4000);
  await page.mouse.up();
  const liftedAfter = Date.now() - recordingFrom;
  await expect(
    page.getByRole('slider', { name: 'Position in recorded voice message' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Send', exact: true }).click();

  // What the server heard, after transcoding: all of the hold, and a moment after it.
  let durationMs = 0;
  await expect
    .poll(async () => {
      const res = await request.get(`/api/dms/${conversation.id}/messages`, {
        headers: bearer(leo.auth),
      });
      const page_ = (await res.json()) as DmMessagePage;
      durationMs = page_.items[0]?.voice.durationMs ?? 0;
      return durationMs;
    })
    .toBeGreaterThan(0);
  expect(durationMs).toBeGreaterThanOrEqual(liftedAfter + 200);
});
