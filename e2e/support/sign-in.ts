import { randomUUID } from 'node:crypto';
import type { AuthResponse } from '@doers/contract';
import { expect, type Page } from '@playwright/test';
import type { Person } from './accounts.js';
import { storeSession } from './stored-session.js';

/**
 * Walks the sign-in form. Only the specs about signing in need it (sign-in, sessions, keyboard
 * use): every other spec starts signed in with `signIn`, which is the same session for a fraction
 * of the time.
 */
export async function signInThroughUi(page: Page, person: Person): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email or username').fill(person.username);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: /sign in|log in/i }).click();
  await expect(page.getByText('Welcome back!').first()).toBeVisible();
}

/**
 * Signs `person` in as the sign-in form does — the same request, from this browser's device, with
 * "remember me" — and leaves the session where the app keeps it (the tokens and the session's
 * state in localStorage), then opens `path`. The page is on `path`, its splash lifted, when it
 * returns.
 */
export async function signIn(page: Page, person: Person, path = '/feed'): Promise<AuthResponse> {
  // A page of the app's origin that runs none of the app: localStorage is the origin's.
  await page.goto('/version.json');
  const deviceId = await page.evaluate((fresh) => {
    const id = localStorage.getItem('doers-device-id') ?? fresh;
    localStorage.setItem('doers-device-id', id);
    return id;
  }, randomUUID());
  const res = await page.request.post('/api/auth/login', {
    data: {
      email: person.username,
      password: person.password,
      rememberMe: true,
      device: {
        id: deviceId,
        name: 'Chrome on Android',
        type: 'mobile',
        os: 'Android',
        browser: 'Chrome',
      },
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  const auth = (await res.json()) as AuthResponse;
  await page.evaluate(storeSession, { auth, deviceId });
  await page.goto(path);
  // As a person sees it: the logo splash stays over the app for SPLASH_MIN_MS after the page
  // loads, and until it lifts a tap lands on it (a pointer pressed at once hit the splash).
  await page.waitForFunction(() => !document.querySelector('#splash:not(.is-hidden)'));
  return auth;
}
