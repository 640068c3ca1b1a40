import type { AuthResponse } from '@doers/contract';
import { chromium, expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { barHeights } from '../apps/web/src/components/voice/waveform-path.js';
import { newPerson, signUpByApi, type Person } from './support/accounts.js';
import { expectNoSeriousA11yIssues } from './support/axe.js';
import { signIn } from './support/sign-in.js';

// Chromium runs with a fake microphone (playwright.config.ts): getUserMedia gives a real tone.

/** A new person whose next onboarding step is the voice intro. */
async function personAtVoiceIntro(request: APIRequestContext): Promise<Person> {
  const person = newPerson('voice');
  const auth: AuthResponse = await signUpByApi(request, person, { founder: true });
  for (const step of ['install-app', 'welcome', 'profile-picture', 'interests']) {
    const res = await request.post('/api/users/onboarding/progress', {
      data: { step },
      headers: { authorization: `Bearer ${auth.tokens.accessToken}` },
    });
    expect(res.ok()).toBe(true);
  }
  return person;
}

const audioState = (page: Page) =>
  page.locator('audio').evaluate((audio: HTMLAudioElement) => ({
    currentTime: audio.currentTime,
    paused: audio.paused,
    playbackRate: audio.playbackRate,
    preservesPitch: audio.preservesPitch,
  }));

test('the voice intro step records 3 s, previews it, plays, seeks and changes speed', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  await signIn(page, await personAtVoiceIntro(request));
  await expect(page).toHaveURL(/\/onboarding\/voice-intro$/);
  await expect(page.getByRole('heading', { name: 'Record a voice intro' })).toBeVisible();
  await expectNoSeriousA11yIssues(page);

  await page.getByRole('button', { name: 'Record voice intro' }).click();
  const timer = page.getByRole('timer');
  await expect(timer).toHaveText(/^0:0[01] \/ 1:00$/);
  // The fake microphone's tone moves the live waveform off the floor.
  await expect
    .poll(() =>
      page
        .locator('.voice-recorder__wave path')
        .getAttribute('d')
        .then((path) => barHeights(path ?? '').filter((height) => height > 20).length),
    )
    .toBeGreaterThan(0);
  await expectNoSeriousA11yIssues(page); // slow on a busy machine: the timer runs on meanwhile
  await expect(timer).toHaveText(/^0:(0[3-9]|[1-5]\d) \/ 1:00$/, { timeout: 5_000 });
  await page.getByRole('button', { name: 'Stop recording voice intro' }).click();

  // Preview: as long as the timer said, nothing played yet.
  const seekBar = page.getByRole('slider', { name: 'Position in recorded voice intro' });
  await expect(seekBar).toHaveAttribute('aria-valuetext', /^0:00 of 0:\d\d$/);
  const seconds = Number((await seekBar.getAttribute('aria-valuetext'))!.slice(-2));
  const total = `0:${String(seconds).padStart(2, '0')}`;
  expect(seconds).toBeGreaterThanOrEqual(3);
  await expect(page.getByRole('button', { name: 'Save' })).toBeEnabled();
  await expectNoSeriousA11yIssues(page);

  await page.getByRole('button', { name: 'Play recorded voice intro' }).click();
  await expect(page.getByRole('button', { name: 'Pause recorded voice intro' })).toBeVisible();
  await expect.poll(async () => (await audioState(page)).currentTime).toBeGreaterThan(0.3);

  // Tap the middle of the waveform: playback jumps there.
  await page.getByRole('button', { name: 'Pause recorded voice intro' }).click();
  const box = (await seekBar.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  // The recording is `seconds` and a fraction long (a slow machine records longer than asked).
  const middle = (await audioState(page)).currentTime;
  expect(middle).toBeGreaterThan(0.4 * seconds);
  expect(middle).toBeLessThan(0.6 * (seconds + 1));
  await expect(seekBar).toHaveAttribute(
    'aria-valuetext',
    `0:${String(Math.floor(middle)).padStart(2, '0')} of ${total}`,
  );

  // Keys: Home to the start, arrow right 5 s on, End to the end, Home again.
  await seekBar.focus();
  await page.keyboard.press('Home');
  expect((await audioState(page)).currentTime).toBe(0);
  await expect(seekBar).toHaveAttribute('aria-valuetext', `0:00 of ${total}`);
  await page.keyboard.press('ArrowRight');
  // 5 s on, or the end of a shorter recording (whose length is `seconds` and a fraction).
  const afterArrow = (await audioState(page)).currentTime;
  expect(afterArrow).toBeGreaterThanOrEqual(Math.min(5, seconds));
  expect(afterArrow).toBeLessThanOrEqual(Math.min(5, seconds + 1));
  await page.keyboard.press('End');
  await expect(seekBar).toHaveAttribute('aria-valuetext', `${total} of ${total}`);
  await page.keyboard.press('Home');

  // 1.5×, with the pitch kept; then played to the end, it counts as listened.
  await page.getByRole('button', { name: 'Playback speed 1×' }).click();
  await expect(page.getByRole('button', { name: 'Playback speed 1.5×' })).toBeVisible();
  expect(await audioState(page)).toMatchObject({ playbackRate: 1.5, preservesPitch: true });
  await page.getByRole('button', { name: 'Play recorded voice intro' }).click();
  await expect(page.getByText('Listened')).toBeVisible({ timeout: 5_000 });
  await expect(page.getByRole('button', { name: 'Play recorded voice intro' })).toBeVisible();

  // Record again goes back to recording, and cancel drops it.
  await page.getByRole('button', { name: 'Record again' }).click();
  await expect(timer).toBeVisible();
  await page.getByRole('button', { name: 'Cancel recording voice intro' }).click();
  await expect(page.getByRole('button', { name: 'Record voice intro' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Recording cancelled.' })).toBeVisible();
});

test('with the microphone refused, the voice intro step says how to allow it', async ({
  request,
  baseURL,
}, testInfo) => {
  const person = await personAtVoiceIntro(request);
  // Without the fake permission prompt, headless Chromium refuses the microphone, as a person
  // who blocked it would.
  const launch = testInfo.project.use.launchOptions ?? {};
  const browser = await chromium.launch({
    ...launch,
    args: (launch.args ?? []).filter((arg) => arg !== '--use-fake-ui-for-media-stream'),
  });
  try {
    const page = await browser.newPage({ baseURL, viewport: { width: 390, height: 844 } });
    await signIn(page, person);
    await expect(page).toHaveURL(/\/onboarding\/voice-intro$/);

    await page.getByRole('button', { name: 'Record voice intro' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Microphone blocked' });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText('set Microphone to Allow');
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expectNoSeriousA11yIssues(page);
  } finally {
    await browser.close();
  }
});
