import type { AuthResponse, PublicUser } from '@doers/contract';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectNoSeriousA11yIssues } from './support/axe.js';
import { onboardedPerson } from './support/quests.js';
import { signIn } from './support/sign-in.js';

const bearer = (auth: AuthResponse) => ({ authorization: `Bearer ${auth.tokens.accessToken}` });

async function vibe(request: APIRequestContext, from: AuthResponse, to: AuthResponse) {
  const res = await request.post('/api/vibes', {
    data: { targetUserId: to.user.id, vibeReason: 'inspired' },
    headers: bearer(from),
  });
  expect(res.status(), await res.text()).toBe(201);
}

async function profileAs(request: APIRequestContext, viewer: AuthResponse, of: AuthResponse) {
  const res = await request.get(`/api/users/${of.user.id}`, { headers: bearer(viewer) });
  expect(res.status()).toBe(200);
  return (await res.json()) as PublicUser;
}

test('blocks from a profile, which then shows only name and picture; the blocked-users screen lists and unblocks', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { person, auth: me } = await onboardedPerson(request, 'blocker');
  const { auth: other } = await onboardedPerson(request, 'blocked');
  const bio = 'Sketching one building a day';
  expect(
    (
      await request.patch('/api/users/me/profile', { data: { bio }, headers: bearer(other) })
    ).status(),
  ).toBe(200);
  await vibe(request, me, other);
  await vibe(request, other, me);

  await signIn(page, person);
  // The empty list first.
  await page.goto('/settings/blocked-users');
  await expect(page.getByRole('heading', { name: 'Blocked users', level: 1 })).toBeVisible();
  await expect(page.getByText("You haven't blocked anyone")).toBeVisible();
  await expectNoSeriousA11yIssues(page);

  await page.goto(`/users/${other.user.id}`);
  await expect(page.getByText(bio)).toBeVisible();
  const block = page.getByRole('button', { name: `Block @${other.user.username}` });
  await expect(block).toBeHidden();
  await page.getByRole('button', { name: 'More' }).click();
  await block.click();
  const dialog = page.getByRole('dialog', { name: `Block @${other.user.username}?` });
  await expect(dialog).toContainText('Any vibing between you ends');
  await expectNoSeriousA11yIssues(page);
  await dialog.getByRole('button', { name: 'Block', exact: true }).click();

  await expect(page.getByText(`You blocked @${other.user.username}`).first()).toBeVisible();
  await expect(page.getByText(bio)).toBeHidden();
  await expect(page.getByRole('button', { name: 'Send a vibe' })).toBeHidden();
  await expect(page.getByText(`@${other.user.username}`).first()).toBeVisible();
  await expectNoSeriousA11yIssues(page);
  // The other side sees no content either, and the vibing between them has ended.
  const seenByThem = await profileAs(request, other, me);
  expect(seenByThem.viewer).toMatchObject({ blocksYou: true, vibingWith: false });
  expect((await profileAs(request, me, other)).stats?.totalVibers).toBe(0);

  await page.goto('/settings');
  await page
    .getByRole('navigation', { name: 'Settings sections' })
    .getByRole('link', { name: /Blocked users/ })
    .click();
  const rows = page.getByRole('list', { name: 'Blocked people' }).getByRole('listitem');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`@${other.user.username}`);
  await expect(rows.first()).toContainText('Blocked since');
  await expectNoSeriousA11yIssues(page);
  // The dark theme too.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(rows).toHaveCount(1);
  await expectNoSeriousA11yIssues(page);

  await rows
    .first()
    .getByRole('button', { name: /^Unblock / })
    .click();
  const unblock = page.getByRole('dialog', { name: /^Unblock .+\?$/ });
  await expectNoSeriousA11yIssues(page);
  await unblock.getByRole('button', { name: 'Unblock', exact: true }).click();
  await expect(page.getByText("You haven't blocked anyone")).toBeVisible();
  expect((await profileAs(request, other, me)).viewer?.blocksYou).toBe(false);

  // Their profile shows again.
  await page.goto(`/users/${other.user.id}`);
  await expect(page.getByText(bio)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send a vibe' })).toBeVisible();
});

test("someone who blocked me: their profile says I can't see it", async ({ page, request }) => {
  const { person, auth: me } = await onboardedPerson(request, 'seen');
  const { auth: other } = await onboardedPerson(request, 'hider');
  const res = await request.put(`/api/users/${me.user.id}/block`, { headers: bearer(other) });
  expect(res.status()).toBe(204);

  await signIn(page, person, `/users/${other.user.id}`);
  await expect(page.getByText("You can't see this profile")).toBeVisible();
  await expect(page.getByRole('button', { name: /Unblock|Send a vibe|More/ })).toHaveCount(0);
  await expectNoSeriousA11yIssues(page);
});
