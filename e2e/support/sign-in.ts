import { expect, type Page } from '@playwright/test';
import type { Person } from './accounts.js';

export async function signInThroughUi(page: Page, person: Person): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email or username').fill(person.username);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: /sign in|log in/i }).click();
  await expect(page.getByText('Welcome back!').first()).toBeVisible();
}
