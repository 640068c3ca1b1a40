import { defineConfig, devices } from '@playwright/test';
import { tutorialsSkipped } from './e2e/support/tutorials.js';

// E2E_PORT lets two runs side by side each have their own server, database and results.
const PORT = Number(process.env['E2E_PORT'] ?? 3100);

// The built app on a fresh embedded database; Debian's Chromium (no browser downloads here).
export default defineConfig({
  testDir: 'e2e',
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  // One more try for a test that failed: a busy 2-core machine (CI) sometimes misses a timing.
  // A test that passes only on its retry is reported as flaky by `npm test`, never hidden.
  retries: 1,
  reporter: [['list'], ['json']],
  outputDir: `.test-data/e2e-results-${PORT}`,
  use: {
    baseURL: `http://localhost:${PORT}`,
    storageState: tutorialsSkipped(`http://localhost:${PORT}`),
    trace: 'retain-on-failure',
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
        browserName: 'chromium',
      },
    },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://localhost:${PORT}/api/health`,
    reuseExistingServer: false,
    // A fresh database and the demo's voice notes (ffmpeg): seconds here, minutes when busy.
    timeout: 180_000,
    env: { PORT: String(PORT) },
  },
});
