import { defineConfig, devices } from '@playwright/test';
import { tutorialsSkipped } from './e2e/support/tutorials.js';

// The built app on a fresh embedded database, served on a free port by the suite's own server
// (e2e/support/global-setup.ts, which tells the workers its address in E2E_BASE_URL); Debian's
// Chromium (no browser downloads here). Results go under the run's own folder
// (DOERS_TEST_RUN_DIR, set by scripts/test.mjs), so two runs side by side never mix.
const BASE_URL = process.env['E2E_BASE_URL'] ?? 'http://localhost';
const RUN_DIR = process.env['DOERS_TEST_RUN_DIR'] ?? '.test-data/e2e';

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/support/global-setup.ts',
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  // One more try for a test that failed: a busy 2-core machine (CI) sometimes misses a timing.
  // A test that passes only on its retry is reported as flaky by `npm test`, never hidden.
  retries: 1,
  reporter: [['list'], ['json']],
  outputDir: `${RUN_DIR}/e2e-results`,
  use: {
    baseURL: BASE_URL,
    // No service worker unless a spec is about it (offline, push, updates, installing): each new
    // context would install it and precache the whole app, a seventh of a spec's time here.
    serviceWorkers: 'block',
    storageState: tutorialsSkipped(BASE_URL),
    // Recording a trace (a screenshot and a DOM snapshot per action) cost a quarter of a spec's
    // time: the retry of a failed test records one, which is when it is read.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
      ],
    },
  },
  projects: [
    {
      name: 'phone',
      use: {
        ...devices['Pixel 7'],
        viewport: { width: 390, height: 844 },
        // A phone's size, touch and user agent; one device pixel per CSS pixel, since Chromium
        // paints in software here and 2.6 × as many pixels per side cost time and show nothing a
        // spec checks.
        deviceScaleFactor: 1,
        // A British phone: dates follow the browser's language (apps/web/src/lib/dates.ts), so
        // "Renews on 5 December 2026" in support-tier.spec.ts is the app honouring it.
        locale: 'en-GB',
        browserName: 'chromium',
      },
    },
  ],
});
