import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yIssues } from './support/axe.js';
import { createQuestByApi, onboardedPerson } from './support/quests.js';
import { signIn } from './support/sign-in.js';

test('create a quest from a template, tick its tasks, check in and see the streak', async ({
  page,
  request,
}) => {
  const { person } = await onboardedPerson(request, 'quester');
  await signIn(page, person, '/quests');
  await expectNoSeriousA11yIssues(page);
  await page
    .getByRole('link', { name: /create|new quest|start a quest/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/quests\/create$/);

  await page
    .getByRole('button', { name: /mindfulness/i })
    .first()
    .click();
  await page
    .getByRole('button', { name: /Meditate daily/ })
    .first()
    .click();
  await expect(page.getByLabel('Title')).toHaveValue('Meditate daily');
  await expect(page.getByText('Meditate 10 minutes').first()).toBeAttached();
  await expectNoSeriousA11yIssues(page);
  await page.getByRole('button', { name: 'Create quest' }).click();

  await expect(page).toHaveURL(/\/quests\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: /Meditate daily/ })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Meditate 10 minutes' }).check();
  await page.getByRole('button', { name: /^check in/i }).click();
  await expect(page.getByText(/checked in today/i).first()).toBeVisible();
  await expect(page.getByLabel('1-day streak').first()).toBeVisible();
  await expectNoSeriousA11yIssues(page);

  await page.reload();
  await expect(page.getByText(/checked in today/i).first()).toBeVisible();
  await page.goto('/quests');
  await expect(page.getByText('Meditate daily').first()).toBeVisible();
});

test('a second person joins a shared quest through its link after approval', async ({
  page,
  browser,
  request,
}) => {
  const { person: owner, auth: ownerAuth } = await onboardedPerson(request, 'host');
  const quest = await createQuestByApi(request, ownerAuth, {
    title: 'Morning pages together',
    category: 'creativity',
    emoji: '✍️',
    tasks: [{ title: 'Write three pages' }],
    allowOthersToJoin: true,
    requiresApproval: true,
  });

  // Signed out, the link shows the quest and a call to join Doers.
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(`/shared-quests/${quest.id}`);
  await expect(visitorPage.getByRole('heading', { name: /Morning pages together/ })).toBeVisible();
  await expect(visitorPage.getByText(/join doers/i).first()).toBeVisible();
  await expectNoSeriousA11yIssues(visitorPage);
  await visitor.close();

  const { person: joiner } = await onboardedPerson(request, 'joiner');
  await signIn(page, joiner, `/shared-quests/${quest.id}`);
  await page.getByRole('button', { name: 'Request to join' }).click();
  await expect(page.getByText('Request sent').first()).toBeVisible();

  const ownerContext = await browser.newContext();
  const ownerPage = await ownerContext.newPage();
  await signIn(ownerPage, owner, '/activity');
  await expect(ownerPage.getByText(`@${joiner.username}`).first()).toBeVisible();
  await ownerPage
    .getByRole('button', { name: /accept/i })
    .first()
    .click();
  await expect(ownerPage.getByText(/accepted|joined|welcome/i).first()).toBeVisible();
  await ownerContext.close();

  await page.goto(`/quests/${quest.id}`);
  await expect(page.getByRole('button', { name: /^check in/i })).toBeVisible();
  await expect(page.getByText(`@${owner.username}`).first()).toBeVisible();
});

test('the quest limit is stated before and when it is reached', async ({ page, request }) => {
  const { person, auth } = await onboardedPerson(request, 'busy');
  await createQuestByApi(request, auth, { title: 'Only one', category: 'health', tasks: [] });
  await signIn(page, person, '/quests');
  await expect(page.getByText(/1 of 1 active quest/i).first()).toBeVisible();
  await page.goto('/quests/create');
  await page.getByLabel('Title').fill('One too many');
  await page.getByRole('button', { name: 'Create quest' }).click();
  await expect(
    page
      .getByText(
        'You can have 1 active quest at a time on the free tier. Complete or leave one to start another.',
      )
      .first(),
  ).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveValue('One too many');
});
