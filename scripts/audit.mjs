#!/usr/bin/env node
// `npm run audit`: the built app as `npm start` serves it (fresh embedded database, demo data),
// audited in Debian's Chromium. Prints Lighthouse's performance at mobile emulation, the checks
// that make the app installable and usable offline, and the first-load JavaScript, gzipped.
// Lighthouse 12 has no PWA category any more, so installability comes from Chromium itself
// (CDP Page.getInstallabilityErrors, in a persistent profile: an incognito-like one always
// reports "in-incognito"). Not part of `npm test`: one run, one machine, figures to read.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from '@playwright/test';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const WEB_DIST = 'apps/web/dist';

if (!process.argv.includes('--no-build')) {
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const freePort = () =>
  new Promise((resolve) => {
    const probe = createServer().listen(0, () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

const port = await freePort();
const base = `http://localhost:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'doers-audit-'));
const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    REDIS_URL: '',
    LOG_LEVEL: 'warn',
  },
});
const stop = () => {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
};

try {
  await waitForHealth();
  printFirstLoadJs();
  await printInstallability();
  await printLighthouse('/login');
} finally {
  stop();
}

async function waitForHealth() {
  for (let i = 0; i < 180; i += 1) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error('The server did not start');
}

/** The scripts index.html loads at once (entry and modulepreloads), each gzipped. */
function printFirstLoadJs() {
  const html = readFileSync(join(WEB_DIST, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  let total = 0;
  console.log('\nFirst-load JavaScript (gzip):');
  for (const file of new Set(files)) {
    const size = gzipSync(readFileSync(join(WEB_DIST, file)), { level: 9 }).length;
    total += size;
    console.log(`  ${file.padEnd(44)} ${(size / 1024).toFixed(1)} KB`);
  }
  console.log(`  ${'total'.padEnd(44)} ${(total / 1024).toFixed(1)} KB`);
}

async function printInstallability() {
  const profile = mkdtempSync(join(tmpdir(), 'doers-audit-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: ['--no-sandbox'],
    viewport: { width: 390, height: 844 },
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${base}/login`);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((resolve) =>
          navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
        );
      }
    });
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    const manifest = await (await fetch(`${base}/manifest.webmanifest`)).json();
    const sizes = manifest.icons.map(
      (icon) => `${icon.sizes}${icon.purpose ? ` ${icon.purpose}` : ''}`,
    );
    await context.setOffline(true);
    await page.goto(`${base}/feed`);
    const opensOffline = await page
      .getByRole('link', { name: /Doers|Sign in|Home/ })
      .first()
      .isVisible();
    await context.setOffline(false);

    console.log('\nInstallable app (Chromium):');
    const check = (ok, text) => console.log(`  ${ok ? 'PASS' : 'FAIL'}  ${text}`);
    check(
      installabilityErrors.length === 0,
      `installable${installabilityErrors.length ? `: ${installabilityErrors.map((e) => e.errorId).join(', ')}` : ''}`,
    );
    check(manifest.display === 'standalone', `display: ${manifest.display}`);
    check(manifest.start_url === '/feed', `start_url: ${manifest.start_url}`);
    check(
      Boolean(manifest.theme_color && manifest.background_color),
      `theme ${manifest.theme_color}, background ${manifest.background_color}`,
    );
    check(
      sizes.some((size) => size.includes('maskable')),
      `icons: ${sizes.join(', ')}`,
    );
    check(opensOffline, 'opens with no network after a first visit (service worker shell)');
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

async function printLighthouse(path) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const result = await lighthouse(`${base}${path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
    });
    const { categories, audits } = result.lhr;
    console.log(
      `\nLighthouse ${result.lhr.lighthouseVersion}, ${path}, mobile emulation (simulated slow 4G):`,
    );
    for (const category of Object.values(categories)) {
      console.log(`  ${category.title.padEnd(16)} ${Math.round(category.score * 100)}`);
    }
    for (const id of [
      'first-contentful-paint',
      'largest-contentful-paint',
      'total-blocking-time',
      'cumulative-layout-shift',
      'speed-index',
      'render-blocking-resources',
    ]) {
      console.log(`  ${audits[id].title.padEnd(26)} ${audits[id].displayValue ?? ''}`);
    }
    for (const item of audits['render-blocking-resources'].details?.items ?? []) {
      console.log(`    blocking: ${item.url} (${Math.round(item.wastedMs)} ms)`);
    }
  } finally {
    chrome.kill();
  }
}
