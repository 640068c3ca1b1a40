import { createHash } from 'node:crypto';
import { expect, test, type Page, type Response } from '@playwright/test';
import { createQuestByApi, onboardedPerson } from './support/quests.js';
import { signIn } from './support/sign-in.js';

type Watch = { violations: string[]; scripts: Set<string> };

/**
 * Collects what a strict policy would break: every `securitypolicyviolation` the page fires,
 * console messages about the CSP or the Permissions-Policy, and the URL of every script loaded.
 */
async function watch(page: Page): Promise<Watch> {
  const found: Watch = { violations: [], scripts: new Set() };
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to|Permissions-Policy/i.test(message.text()))
      found.violations.push(`console: ${message.text()}`);
  });
  page.on('response', (response: Response) => {
    if (response.request().resourceType() === 'script') found.scripts.add(response.url());
  });
  await page.exposeFunction('reportCspViolation', (text: string) => found.violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void })
        .reportCspViolation;
      report(`${e.violatedDirective} refused ${e.blockedURI} (${e.sourceFile}:${e.lineNumber})`);
    });
  });
  return found;
}

let screens = 0;

async function visit(page: Page, path: string): Promise<void> {
  screens += 1;
  await page.goto(path);
  await expect(page.locator('main, [role="main"]').first()).toBeVisible();
  // Lazy screens, images and the theme settle. Not 'networkidle': signed in, the realtime
  // stream keeps a request open for as long as the page lives.
  await page.waitForLoadState('load');
  await page.waitForFunction(() => Array.from(document.images).every((image) => image.complete));
  await page.waitForTimeout(300);
}

test('the app runs under its Content-Security-Policy: no violation on the main screens', async ({
  page,
  request,
}) => {
  const seen = await watch(page);

  // The page as served: its inline theme script is allowed by hash, never by 'unsafe-inline'.
  const document = await page.goto('/login');
  const policy = document!.headers()['content-security-policy'] ?? '';
  const scriptSrc = /script-src ([^;]*)/.exec(policy)?.[1]?.split(' ') ?? [];
  const inline = [...(await document!.text()).matchAll(/<script>([\s\S]*?)<\/script>/g)];
  expect(inline.length).toBeGreaterThan(0);
  for (const [, body] of inline) {
    expect(scriptSrc).toContain(`'sha256-${createHash('sha256').update(body!).digest('base64')}'`);
  }
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  expect(policy).toContain("frame-ancestors 'none'");

  for (const path of ['/login', '/register', '/register?founder=true', '/forgot-password'])
    await visit(page, path);
  await visit(page, '/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();

  const { person, auth } = await onboardedPerson(request, 'csp');
  const quest = await createQuestByApi(request, auth, {
    title: 'Read every evening',
    category: 'learning',
    emoji: '📚',
    tasks: [{ title: 'Ten pages' }],
  });
  await signIn(page, person);
  for (const path of [
    '/feed',
    '/quests',
    `/quests/${quest.id}`,
    '/quests/create',
    '/activity',
    '/profile',
    '/settings',
    '/qr-code',
    '/leaderboard',
  ])
    await visit(page, path);
  // The theme toggle rewrites the root's style, as the inline script does before first paint.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await expect(page.locator('main').first()).toBeVisible();

  expect(seen.violations).toEqual([]);
  console.log(`${seen.scripts.size} scripts loaded on ${screens} screens, 0 CSP violations`);
});

test('no source map is published: no sourceMappingURL in the scripts, no .map served', async ({
  page,
  request,
}) => {
  const seen = await watch(page);
  await visit(page, '/login');
  await visit(page, '/register');
  expect(seen.scripts.size).toBeGreaterThan(0);
  for (const url of seen.scripts) {
    const script = await request.get(url);
    expect(script.status()).toBe(200);
    expect(await script.text(), url).not.toContain('sourceMappingURL');
    expect((await request.get(`${url}.map`)).status(), `${url}.map`).toBe(404);
  }
});
