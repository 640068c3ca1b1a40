import type { AuthResponse } from '@doers/contract';
import { devices, expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoSeriousA11yIssues } from './support/axe.js';
import { createQuestByApi, onboardedPerson } from './support/quests.js';
import { signIn } from './support/sign-in.js';

// Chromium runs with a fake microphone (playwright.config.ts): getUserMedia gives a real tone,
// which becomes the post's voice note and the voice comment.

const bearer = (auth: AuthResponse) => ({ authorization: `Bearer ${auth.tokens.accessToken}` });

async function vibe(request: APIRequestContext, from: AuthResponse, to: AuthResponse) {
  const res = await request.post('/api/vibes', {
    data: { targetUserId: to.user.id, vibeReason: 'inspired' },
    headers: bearer(from),
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** A real JPEG drawn by the browser's canvas, as a phone's photo would arrive. */
async function photoFrom(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 640;
    canvas.height = 480;
    const context = canvas.getContext('2d')!;
    const gradient = context.createLinearGradient(0, 0, 640, 480);
    gradient.addColorStop(0, '#ff7a2f');
    gradient.addColorStop(1, '#4a90e2');
    context.fillStyle = gradient;
    context.fillRect(0, 0, 640, 480);
    return canvas.toDataURL('image/jpeg', 0.9).split(',')[1]!;
  });
  return Buffer.from(base64, 'base64');
}

/** The figure a profile's Stats section shows beside `label`. */
const figure = (page: Page, label: string) =>
  page
    .getByRole('region', { name: 'Stats' })
    .locator('.stat-row__item')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd');

test('a post with a photo: smiled, hummed, vibed and commented on, seen by its author; a block hides it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const { person: authorPerson, auth: author } = await onboardedPerson(request, 'poster');
  const { person: friendPerson, auth: friend } = await onboardedPerson(request, 'friend');
  // The friend vibes with the author: the author's posts reach the friend's feed.
  await vibe(request, friend, author);
  await createQuestByApi(request, author, {
    title: 'Morning pages',
    category: 'mindfulness',
    tasks: [{ title: 'Write three pages' }],
    visibility: 'public',
  });

  // The author records a voice note, adds a photo and the quest, and shares it.
  await signIn(page, authorPerson, '/post');
  await page.getByRole('button', { name: 'Record voice note' }).click();
  await expect(page.getByRole('timer')).toHaveText(/^0:(0[2-9]|[1-5]\d) \/ \d+:\d\d$/, {
    timeout: 10_000,
  });
  await page.getByRole('button', { name: 'Stop recording voice note' }).click();
  await expect(page.getByRole('slider', { name: 'Position in recorded voice note' })).toBeVisible();
  await page.getByTestId('media-picker-library').setInputFiles({
    name: 'sunrise.jpg',
    mimeType: 'image/jpeg',
    buffer: await photoFrom(page),
  });
  // The quest's emoji comes from its category: pick it by its title.
  const questSelect = page.getByLabel('Quest it reports on (optional)');
  await expect(questSelect.locator('option', { hasText: 'Morning pages' })).toHaveCount(1);
  const questValue = await questSelect
    .locator('option', { hasText: 'Morning pages' })
    .getAttribute('value');
  await questSelect.selectOption(questValue!);
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(page).toHaveURL(/\/feed$/, { timeout: 20_000 });

  const authorName = author.user.displayName || `@${author.user.username}`;
  const ownCard = page.getByRole('article', { name: `Post by ${authorName}` });
  await expect(ownCard).toHaveCount(1);
  await expect(ownCard.getByRole('link', { name: /^Quest: Morning pages/ })).toBeVisible();
  await expect(ownCard.getByRole('button', { name: /open full size/ })).toBeVisible();
  // One's own post cannot be hummed, and the card says why.
  await expect(ownCard.getByRole('button', { name: 'Hum, 0 hums' })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  const postId = await ownCard.getAttribute('data-post-id');
  expect(postId).toMatch(/^[0-9a-f-]{36}$/);

  // The friend, on their own phone, sees it in their feed.
  const friendContext = await browser.newContext({
    ...devices['Pixel 7'],
    viewport: { width: 390, height: 844 },
  });
  const other = await friendContext.newPage();
  await signIn(other, friendPerson, '/feed');
  const card = other.getByRole('article', { name: `Post by ${authorName}` });
  await expect(card).toBeVisible();
  await expect(card.getByRole('group', { name: `Voice note by ${authorName}` })).toBeVisible();
  const photo = card.getByRole('button', { name: /open full size/ }).locator('img');
  await expect
    .poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await expectNoSeriousA11yIssues(other);

  // Smile and hum: the buttons show it at once and the counts follow.
  await card.getByRole('button', { name: 'Smile, 0 smiles' }).click();
  await expect(card.getByRole('button', { name: 'Smile, 1 smile' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await card.getByRole('button', { name: 'Hum, 0 hums' }).click();
  await expect(card.getByRole('button', { name: 'Hum, 1 hum' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // A vibe with a reason, from the post.
  await card.getByRole('button', { name: 'Send a vibe, 0 vibes' }).click();
  const sheet = other.getByRole('dialog', { name: /^Send .+ a vibe$/ });
  await expect(sheet.getByRole('button', { name: 'Send vibe' })).toBeDisabled();
  await expectNoSeriousA11yIssues(other);
  await sheet.getByText('Rooting for you').click();
  await sheet.getByRole('button', { name: 'Send vibe' }).click();
  await expect(other.getByText(/^Vibe sent to .+: rooting for you/).first()).toBeVisible();
  await expect(card.getByRole('button', { name: 'Send a vibe, 1 vibe' })).toBeVisible();

  // A voice comment, recorded from the keyboard: Space starts, Space again stops.
  await card.getByRole('link', { name: 'Comments, 0 comments' }).click();
  await expect(other).toHaveURL(new RegExp(`/posts/${postId}#comments$`));
  await expect(other.getByRole('heading', { name: 'No comments yet' })).toBeVisible();
  const hold = other.getByRole('button', { name: 'Hold to record voice comment' });
  await hold.focus();
  await other.keyboard.press('Space');
  await expect(other.getByRole('timer')).toHaveText(/^0:(0[2-9]|[1-5]\d) \/ 1:00$/, {
    timeout: 10_000,
  });
  await other.getByRole('button', { name: 'Stop recording voice comment' }).focus();
  await other.keyboard.press('Space');
  await expect(
    other.getByRole('slider', { name: 'Position in recorded voice comment' }),
  ).toBeVisible();
  await other.getByRole('button', { name: 'Send comment' }).click();
  await expect(other.getByText('Comment sent').first()).toBeVisible({ timeout: 15_000 });
  const friendName = friend.user.displayName || `@${friend.user.username}`;
  await expect(other.getByRole('group', { name: `Voice comment by ${friendName}` })).toBeVisible();
  await expect(other.getByRole('link', { name: 'Comments, 1 comment' })).toBeVisible();
  await expectNoSeriousA11yIssues(other);

  // The author sees all of it on the post…
  await page.goto(`/posts/${postId}`);
  const post = page.getByRole('article', { name: `Post by ${authorName}` });
  await expect(post.getByRole('button', { name: 'Smile, 1 smile' })).toBeVisible();
  await expect(post.getByRole('button', { name: 'Hum, 1 hum' })).toBeVisible();
  await expect(post.getByRole('img', { name: 'Send a vibe, 1 vibe' })).toBeVisible();
  await expect(post.getByRole('link', { name: 'Comments, 1 comment' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: /^Smiled by/ }).getByRole('link', { name: friendName }),
  ).toBeVisible();
  await expect(
    page.getByRole('region', { name: /^Hummed by/ }).getByRole('link', { name: friendName }),
  ).toBeVisible();
  const comment = page.getByRole('group', { name: `Voice comment by ${friendName}` });
  await expect(comment).toBeVisible();
  // The post's author may delete any comment on it, or report it.
  await expect(page.getByRole('button', { name: `Delete comment by ${friendName}` })).toBeVisible();
  await page.getByRole('button', { name: `Report comment by ${friendName}` }).click();
  const reportDialog = page.getByRole('dialog', { name: 'Report this voice comment' });
  await reportDialog.getByRole('radio', { name: /Spam/ }).check();
  await reportDialog.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByText('Thanks for telling us.').first()).toBeVisible();
  await expectNoSeriousA11yIssues(page);

  // …and in their stats.
  await page.goto('/profile');
  await expect(figure(page, 'Posts')).toHaveText('1');
  await expect(figure(page, 'Smiles received')).toHaveText('1');
  await expect(figure(page, 'Hums')).toHaveText('1');
  // The vibe that started the friend vibing, and the one from the post.
  await expect(figure(page, 'Vibes received')).toContainText('2');

  // The friend blocks the author from the post's menu: the post leaves their feed.
  await other.goto('/feed');
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'More actions for this post' }).click();
  await card.getByRole('button', { name: `Block @${author.user.username}` }).click();
  const confirm = other.getByRole('dialog', { name: `Block @${author.user.username}?` });
  await confirm.getByRole('button', { name: 'Block', exact: true }).click();
  await expect(card).toHaveCount(0);
  await other.reload();
  await expect(other.getByRole('heading', { name: 'Your feed is quiet' })).toBeVisible();
  await expect(other.getByRole('article', { name: `Post by ${authorName}` })).toHaveCount(0);
  // Its page is gone for them too.
  await other.goto(`/posts/${postId}`);
  await expect(other.getByRole('heading', { name: "This post isn't available" })).toBeVisible();
  await friendContext.close();
});
