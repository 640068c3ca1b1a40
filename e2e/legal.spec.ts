import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yIssues } from './support/axe.js';

test('the terms and the privacy policy open from the register form for a visitor, who keeps what was typed', async ({
  page,
}) => {
  await page.goto('/register?founder=true');
  await page.getByLabel('Username').fill('reads_first');
  const [terms] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('link', { name: 'Terms of Service' }).click(),
  ]);
  await expect(terms.getByRole('heading', { name: 'Terms of Service', level: 1 })).toBeVisible();
  await expect(terms.getByRole('heading', { name: 'Be a good neighbour' })).toBeVisible();
  await expectNoSeriousA11yIssues(terms);
  await terms.getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(terms.getByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeVisible();
  await expect(terms.getByRole('table', { name: 'What Doers stores' })).toContainText(
    'location and camera data removed on upload',
  );
  await expectNoSeriousA11yIssues(terms);
  // The form behind is as it was, the box still unticked.
  await expect(page.getByLabel('Username')).toHaveValue('reads_first');
  await expect(page.getByLabel(/I agree to the Doers Terms/)).not.toBeChecked();
});
