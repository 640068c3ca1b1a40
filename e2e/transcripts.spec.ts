import type { AuthResponse, Post } from '@doers/contract';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { TRANSCRIBED_WORDS } from './support/accounts.js';
import { expectNoSeriousA11yIssues } from './support/axe.js';
import { bearer, commentByApi, postByApi, recordVoiceNote } from './support/posts.js';
import { onboardedPerson } from './support/quests.js';
import { signIn } from './support/sign-in.js';

/** A post by API, once the server's engine (the suite's stand-in) has transcribed it. */
async function transcribedPost(request: APIRequestContext, auth: AuthResponse): Promise<Post> {
  const { id } = await postByApi(request, auth);
  let post: Post | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/posts/${id}`, { headers: bearer(auth) });
        post = (await res.json()) as Post;
        return post.voice.transcript?.text ?? null;
      },
      { timeout: 30_000 },
    )
    .toBe(TRANSCRIBED_WORDS);
  return post!;
}

/** The player's accessible description, as Chromium's accessibility tree gives it. */
async function accessibleDescription(page: Page, player: Locator): Promise<string> {
  const cdp = await page.context().newCDPSession(page);
  await player.evaluate((element) => element.setAttribute('data-ax-probe', ''));
  const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
  const { nodeId } = await cdp.send('DOM.querySelector', {
    nodeId: root.nodeId,
    selector: '[data-ax-probe]',
  });
  const { nodes } = await cdp.send('Accessibility.getPartialAXTree', {
    nodeId,
    fetchRelatives: false,
  });
  await player.evaluate((element) => element.removeAttribute('data-ax-probe'));
  await cdp.detach();
  return String(nodes[0]?.description?.value ?? '');
}

test('a voice note transcribed by the server reads under its player, describes it, is corrected by its speaker and found by Explore', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const { person, auth } = await onboardedPerson(request, 'speaker');
  const [first, second] = [
    await transcribedPost(request, auth),
    await transcribedPost(request, auth),
  ];
  const name = auth.user.displayName || `@${auth.user.username}`;

  // Folded under "Transcript", and the player's description all the same.
  await signIn(page, person, `/posts/${first.id}`);
  const player = page.getByRole('group', { name: `Voice note by ${name}` });
  const toggle = player.getByRole('button', { name: 'Transcript', exact: true });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByText(TRANSCRIBED_WORDS)).toBeHidden();
  expect(await accessibleDescription(page, player)).toBe(TRANSCRIBED_WORDS);
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(player.getByText(TRANSCRIBED_WORDS)).toBeVisible();
  await expectNoSeriousA11yIssues(page);

  // The speaker corrects it: bounded by the note's length (1 s: 60 characters).
  const unique = `kayak${Date.now().toString(36)}`;
  const corrected = `Morning paddle in my ${unique}`;
  await player.getByRole('button', { name: 'Edit transcript' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit transcript' });
  const field = dialog.getByRole('textbox', { name: 'Transcript' });
  await field.fill('x'.repeat(64));
  await expect(dialog.getByText('4 characters too many')).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText(/can be at most 60 characters; this one has 64/)).toBeVisible();
  await field.fill(corrected);
  await expect(dialog.getByText(/characters left/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(player.getByText(corrected)).toBeVisible();
  await expect(player.getByText(`edited by @${auth.user.username}`)).toBeVisible();
  expect(await accessibleDescription(page, player)).toBe(corrected);

  // "Always show transcripts" opens every one of them.
  await page.goto('/settings/accessibility');
  const always = page.getByRole('switch', { name: 'Always show transcripts' });
  await expect(always).not.toBeChecked();
  await expectNoSeriousA11yIssues(page);
  await always.check();
  await expect(page.getByText('Transcripts show open now').first()).toBeVisible();
  await page.goto('/profile');
  for (const post of [first, second]) {
    const card = page.locator(`[data-post-id="${post.id}"]`);
    await expect(card.getByRole('button', { name: 'Transcript', exact: true })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  }
  await expect(page.getByText(corrected)).toBeVisible();
  await expect(page.getByText(TRANSCRIBED_WORDS)).toBeVisible();

  // Explore finds the post by a word of its corrected transcript.
  await page.goto('/search');
  await page.getByRole('searchbox').fill(unique);
  const found = page.getByRole('region', { name: 'Posts' });
  await expect(found.locator(`[data-post-id="${first.id}"]`)).toBeVisible();
  await expect(found.locator('[data-post-id]')).toHaveCount(1);
});

test('words corrected on another device show on the open post without a reload', async ({
  page,
  request,
}) => {
  const { person, auth } = await onboardedPerson(request, 'twodevices');
  const post = await transcribedPost(request, auth);
  await signIn(page, person, `/posts/${post.id}`);
  const player = page.getByRole('group', { name: /^Voice note by/ });
  await player.getByRole('button', { name: 'Transcript', exact: true }).click();
  await expect(player.getByText(TRANSCRIBED_WORDS)).toBeVisible();
  // Another device corrects them; the open page hears of it through its realtime stream (until
  // the stream is up, a correction goes unheard: each try has words of its own).
  let tries = 0;
  await expect(async () => {
    const words = `Fixed on my laptop, try ${++tries}`;
    const res = await request.put(`/api/media/${post.voice.id}/transcript`, {
      headers: bearer(auth),
      data: { text: words },
    });
    expect(res.status(), await res.text()).toBe(200);
    await expect(player.getByText(words)).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
});

test('a notification about a voice comment quotes the first line of its words', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const [author, commenter] = [
    await onboardedPerson(request, 'author'),
    await onboardedPerson(request, 'commenter'),
  ];
  const post = await postByApi(request, author.auth);
  await commentByApi(request, commenter.auth, post.id);

  await signIn(page, author.person, '/notifications');
  const line = page.getByRole('listitem').filter({ hasText: 'left a voice comment on your post' });
  // The stand-in transcribes the comment a moment after it is made: the list shows it then.
  await expect(async () => {
    await page.reload();
    await expect(line.locator('q')).toHaveText(TRANSCRIBED_WORDS, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expectNoSeriousA11yIssues(page);
});

test('without an on-device recogniser the recorder shows no transcript and no error', async ({
  page,
  request,
}) => {
  const { person } = await onboardedPerson(request, 'recorder');
  await signIn(page, person, '/post');
  // What the page itself says went wrong (a missing file's 404 is the network's, not the app's).
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('pageerror', (error) => errors.push(error.message));
  await recordVoiceNote(page);
  await expect(page.getByText('Voice note uploaded')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('textbox', { name: 'Transcript' })).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(errors).toEqual([]);
});
