import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { AuthResponse } from '@doers/contract';
import { expectNoSeriousA11yIssues } from './support/axe.js';
import { createQuestByApi, onboardedPerson } from './support/quests.js';
import { signIn } from './support/sign-in.js';

const bearer = (auth: AuthResponse) => ({ authorization: `Bearer ${auth.tokens.accessToken}` });

async function personWithAQuest(request: APIRequestContext, prefix: string, targetDays: number) {
  const { person, auth } = await onboardedPerson(request, prefix);
  const quest = await createQuestByApi(request, auth, {
    title: `Stretch ${prefix}`,
    description: '',
    category: 'fitness',
    emoji: '🧘',
    tasks: [{ title: 'Stretch' }],
    visibility: 'public',
    targetDays,
  });
  return { person, auth, quest };
}

test('the stats pages show both people’s real figures', async ({ page, browser, request }) => {
  const ana = await personWithAQuest(request, 'ana', 10);
  const ben = await personWithAQuest(request, 'ben', 4);
  // Ana checks in today; Ben does not, and sends Ana a vibe.
  const checkIn = await request.post(`/api/quests/${ana.quest.id}/check-ins`, {
    data: { day: 'today' },
    headers: bearer(ana.auth),
  });
  expect(checkIn.status()).toBe(201);
  const sent = await request.post('/api/vibes', {
    data: { targetUserId: ana.auth.user.id, vibeReason: 'inspired' },
    headers: bearer(ben.auth),
  });
  expect(sent.status()).toBe(201);

  await signIn(page, ana.person, '/stats');
  await expect(page.getByRole('heading', { name: 'Stats', level: 1 })).toBeVisible();
  const streaks = page.getByRole('region', { name: 'Streaks' });
  await expect(streaks).toContainText('1 day current streak');
  const figures = page.getByRole('region', { name: 'All my figures' });
  await expect(figures.getByText('Check-ins')).toBeVisible();
  await expect(figure(page, 'Check-ins')).toHaveText('1');
  await expect(figure(page, 'Vibes received')).toHaveText('1');
  await expect(figure(page, 'Vibers')).toHaveText('1');
  await expect(
    page.getByRole('img', { name: 'Check-in calendar: 1 check-in on 1 day in the last year.' }),
  ).toBeVisible();
  // The week chart, and the same numbers as a table.
  const chart = page.getByRole('img', {
    name: /^Check-ins per week: 1 check-in in the last 12 weeks, 1 this week\.$/,
  });
  await expect(chart).toBeVisible();
  const support = page.getByRole('figure', { name: 'Support received' });
  await support.getByText('Show as a table').click();
  await expect(support.getByRole('table', { name: 'Support received' })).toContainText('1');
  await expect(
    page.getByRole('progressbar', { name: /Stretch ana: 1 of 10 days \(10%\)/ }),
  ).toBeVisible();
  await expectNoSeriousA11yIssues(page);

  // Ben, on his own phone: no check-in yet, his quest at 0 of 4 days.
  const benPhone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const benPage = await benPhone.newPage();
  await signIn(benPage, ben.person, '/stats');
  await expect(benPage.getByRole('region', { name: 'Streaks' })).toContainText(
    '0 days current streak',
  );
  await expect(figure(benPage, 'Check-ins')).toHaveText('0');
  await expect(figure(benPage, 'Vibing with')).toHaveText('1');
  await expect(
    benPage.getByRole('img', { name: 'Check-in calendar: No check-ins in the last year yet.' }),
  ).toBeVisible();
  await expect(benPage.getByText('0 of 4 days (0%)')).toBeVisible();

  // Ben checks in too: his stats follow, and the board of the people he vibes with ranks both.
  const benCheckIn = await request.post(`/api/quests/${ben.quest.id}/check-ins`, {
    data: { day: 'today' },
    headers: bearer(ben.auth),
  });
  expect(benCheckIn.status()).toBe(201);
  await benPage.reload();
  await expect(figure(benPage, 'Check-ins')).toHaveText('1');
  await expect(benPage.getByText('1 of 4 days (25%)')).toBeVisible();
  await benPage.goto('/leaderboard?scope=vibing');
  const board = benPage.getByRole('region', { name: 'This week ranking' });
  await expect(board.getByRole('link', { name: ana.person.username })).toBeVisible();
  await expect(board.getByRole('link', { name: ben.person.username })).toBeVisible();
  await expect(board.getByRole('listitem')).toHaveCount(2);
  await benPhone.close();
});

/** The value shown beside a figure's label in "All my figures". */
function figure(page: Page, label: string) {
  return page
    .getByRole('region', { name: 'All my figures' })
    .locator('.figure-grid__item')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd');
}
