import { expect, test, type Browser, type Page } from '@playwright/test';
import type { Person } from './support/accounts.js';
import { createQuestByApi, onboardedPerson } from './support/quests.js';
import { signIn } from './support/sign-in.js';

// Pago Pago is UTC−11 and Kiritimati UTC+14: at any instant Kiritimati's calendar is a day (or
// two) ahead. The app sends the browser's zone (X-Timezone) and shows only what the server says
// today allows, so neither zone is offered an action the server would refuse.
const BEHIND = 'Pacific/Pago_Pago';
const AHEAD = 'Pacific/Kiritimati';

async function signedInPage(browser: Browser, timezoneId: string, person: Person): Promise<Page> {
  const context = await browser.newContext({ timezoneId });
  const page = await context.newPage();
  await signIn(page, person);
  return page;
}

const checkInButton = (page: Page) => page.getByRole('button', { name: 'Check in', exact: true });

test('a check-in made a day behind shows as checked in a day ahead, and undo works there', async ({
  browser,
  request,
}) => {
  const { person, auth } = await onboardedPerson(request, 'traveller');
  const quest = await createQuestByApi(
    request,
    auth,
    { title: 'Sunrise stretch', category: 'health', tasks: [{ title: 'Stretch 10 minutes' }] },
    BEHIND,
  );

  const behind = await signedInPage(browser, BEHIND, person);
  await behind.goto(`/quests/${quest.id}`);
  await behind.getByRole('checkbox', { name: 'Stretch 10 minutes' }).check();
  await checkInButton(behind).click();
  await expect(behind.getByText('Checked in today').first()).toBeVisible();
  await behind.context().close();

  const ahead = await signedInPage(browser, AHEAD, person);
  await ahead.goto(`/quests/${quest.id}`);
  await expect(ahead.getByText('Checked in today').first()).toBeVisible();
  await expect(checkInButton(ahead)).toHaveCount(0);
  await ahead.reload();
  await expect(ahead.getByText('Checked in today').first()).toBeVisible();
  await expect(checkInButton(ahead)).toHaveCount(0);

  await ahead.getByRole('button', { name: 'Undo' }).click();
  await expect(ahead.getByText("Today's check-in is undone").first()).toBeVisible();
  // Offered again because the server takes it: checking in again works.
  await checkInButton(ahead).click();
  await expect(ahead.getByText('Checked in today').first()).toBeVisible();
  await ahead.goto('/quests');
  await expect(ahead.getByText('Checked in today').first()).toBeVisible();
  await expect(ahead.getByRole('button', { name: /^Check in to/ })).toHaveCount(0);
  await ahead.context().close();
});

test('a quest started a day ahead offers no check-in a day behind before it begins', async ({
  browser,
  request,
}) => {
  const { person, auth } = await onboardedPerson(request, 'early');
  const quest = await createQuestByApi(
    request,
    auth,
    { title: 'Tomorrow already', category: 'learning', tasks: [] },
    AHEAD,
  );

  const behind = await signedInPage(browser, BEHIND, person);
  await behind.goto(`/quests/${quest.id}`);
  await expect(behind.getByRole('heading', { name: 'Tomorrow already' })).toBeVisible();
  await expect(behind.getByText(/^This quest starts on .+\. Check in from then\.$/)).toBeVisible();
  await expect(checkInButton(behind)).toHaveCount(0);
  await behind.goto('/quests');
  await expect(behind.getByText(/^Starts /).first()).toBeVisible();
  await expect(behind.getByRole('button', { name: /^Check in to/ })).toHaveCount(0);
  await behind.context().close();
});
