import type { User } from '@doers/contract';
import { expect, test, type Page } from '@playwright/test';
import { newPerson, signUpByApi } from './support/accounts.js';
import { expectNoSeriousA11yIssues } from './support/axe.js';
import { signIn } from './support/sign-in.js';

// Chromium runs with a fake camera and microphone (playwright.config.ts): getUserMedia gives a
// moving test pattern and a tone, which become a real photo and a real voice intro here.

const step = (page: Page, name: string) =>
  expect(page).toHaveURL(new RegExp(`/onboarding/${name}$`));

test('a new person goes through all six steps with a photo, interests and a voice intro', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const person = newPerson('onboard');
  const auth = await signUpByApi(request, person, { founder: true });
  await signIn(page, person);

  // 1–2: install the app (later), the welcome.
  await step(page, 'install-app');
  await expectNoSeriousA11yIssues(page);
  await page.getByRole('button', { name: /continue/i }).click();
  await step(page, 'welcome');
  await expectNoSeriousA11yIssues(page);
  await page.getByRole('button', { name: "Let's go" }).click();

  // 3: a photo from the camera, seen as a square before it is used.
  await step(page, 'profile-picture');
  await expectNoSeriousA11yIssues(page);
  await page.getByRole('button', { name: 'Take a photo' }).click();
  const shutter = page.getByRole('button', { name: 'Take photo' });
  await expect(shutter).toBeEnabled();
  await expectNoSeriousA11yIssues(page);
  await shutter.click();
  const preview = page.getByRole('img', { name: /Your new profile picture/ });
  await expect(preview).toBeVisible();
  const size = await preview.evaluate((img: HTMLImageElement) => [
    img.naturalWidth,
    img.naturalHeight,
  ]);
  expect(size[0]).toBeGreaterThan(0);
  expect(size[0]).toBe(size[1]);
  await expectNoSeriousA11yIssues(page);
  await page.getByRole('button', { name: 'Use this photo' }).click();

  // 4: interests: Continue waits for three.
  await step(page, 'interests');
  await expect(page.getByText('Choose at least 3')).toBeVisible();
  await expectNoSeriousA11yIssues(page);
  const chips = page.getByRole('list', { name: 'Interests' }).getByRole('button');
  await expect(chips).not.toHaveCount(0);
  expect(await chips.count()).toBeGreaterThanOrEqual(24);
  const continueButton = page.getByRole('button', { name: 'Continue' });
  const chosen: string[] = [];
  for (const index of [0, 3, 7]) {
    await expect(continueButton).toBeDisabled();
    const chip = chips.nth(index);
    chosen.push((await chip.innerText()).trim());
    await chip.click();
    await expect(chip).toHaveAttribute('aria-pressed', 'true');
  }
  await expect(page.getByText('3 chosen')).toBeVisible();
  await expectNoSeriousA11yIssues(page);
  await continueButton.click();

  // 5: a voice intro of about 3 s, recorded, heard back and saved.
  await step(page, 'voice-intro');
  await expectNoSeriousA11yIssues(page);
  await page.getByRole('button', { name: 'Record voice intro' }).click();
  await expect(page.getByRole('timer')).toHaveText(/^0:(0[3-9]|[1-5]\d) \/ 1:00$/, {
    timeout: 10_000,
  });
  await page.getByRole('button', { name: 'Stop recording voice intro' }).click();
  await expect(
    page.getByRole('slider', { name: 'Position in recorded voice intro' }),
  ).toBeVisible();
  await expectNoSeriousA11yIssues(page);
  await page.getByRole('button', { name: 'Save' }).click();

  // 6: the first quest; then the feed.
  await step(page, 'first-quest');
  await expectNoSeriousA11yIssues(page);
  await page
    .getByRole('button', { name: /mindfulness/i })
    .first()
    .click();
  await page
    .getByRole('button', { name: /Meditate daily/ })
    .first()
    .click();
  await page.getByRole('button', { name: 'Start my quest' }).click();
  await expect(page).toHaveURL(/\/feed$/, { timeout: 15_000 });

  // The server has all of it: a picture that serves a square image, the interests, the intro.
  const headers = { authorization: `Bearer ${auth.tokens.accessToken}` };
  const me = (await (await request.get('/api/users/me', { headers })).json()) as User;
  expect(me.profilePictureUrl).toMatch(/^\/api\/media\/[0-9a-f-]{36}$/);
  const picture = await request.get(me.profilePictureUrl!);
  expect(picture.status()).toBe(200);
  expect(picture.headers()['content-type']).toMatch(/^image\/(jpeg|webp)$/);
  expect((await picture.body()).length).toBeGreaterThan(1000);
  expect(me.interests).toHaveLength(3);
  expect(me.interests.map((i) => `${i.emoji}${i.label}`.replace(/\s+/g, ''))).toEqual(
    chosen.map((text) => text.replace(/\s+/g, '')),
  );
  expect(me.voiceIntro).not.toBeNull();
  expect(me.voiceIntro!.durationMs).toBeGreaterThanOrEqual(2500);
  const intro = await request.get(me.voiceIntro!.url);
  expect(intro.status()).toBe(200);
  expect(intro.headers()['content-type']).toBe('audio/mp4');

  // And the profile shows them: the photo, the interests, and an intro that plays and seeks.
  await page.goto('/profile');
  const photo = page.locator(`img[src="${me.profilePictureUrl}"]`).first();
  await expect(photo).toBeVisible();
  await expect
    .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  const interests = page.getByRole('region', { name: 'Interests' });
  for (const interest of me.interests) await expect(interests).toContainText(interest.label);
  const audio = page.locator('audio').first();
  await page.getByRole('button', { name: /^Play .*voice intro$/ }).click();
  await expect
    .poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime))
    .toBeGreaterThan(0.3);
  await page.getByRole('button', { name: /^Pause .*voice intro$/ }).click();
  const position = page.getByRole('slider', { name: /^Position in .*voice intro$/ });
  await position.focus();
  await page.keyboard.press('Home');
  await expect(position).toHaveAttribute('aria-valuetext', /^0:00 of 0:0\d$/);
  await page.keyboard.press('End');
  await expect(position).toHaveAttribute('aria-valuetext', /^(0:0\d) of \1$/);
  await expectNoSeriousA11yIssues(page);
});

test('reload and a second device land on the step that is next', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const person = newPerson('resume');
  const auth = await signUpByApi(request, person, { founder: true });
  const headers = { authorization: `Bearer ${auth.tokens.accessToken}` };
  for (const done of ['install-app', 'welcome']) {
    expect(
      (
        await request.post('/api/users/onboarding/progress', { data: { step: done }, headers })
      ).ok(),
    ).toBe(true);
  }
  await signIn(page, person);
  await step(page, 'profile-picture');
  // Skipping is possible, and counts as done for this step only.
  await page.getByRole('button', { name: 'Skip for now' }).click();
  await step(page, 'interests');
  await page.reload();
  await step(page, 'interests');

  const other = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  try {
    const second = await other.newPage();
    await signIn(second, person);
    await step(second, 'interests');
  } finally {
    await other.close();
  }
});
