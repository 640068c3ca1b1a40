#!/usr/bin/env node
// `npm run audit`: the built app as `npm start` serves it (fresh embedded database, demo data),
// audited in Debian's Chromium. Prints the checks that make the app installable and usable
// offline, and Lighthouse's performance at mobile emulation for the four pages people open
// first: /login, /register?ref=<code>, /feed and a post's page (signed in as maya of the demo),
// each the median of three runs (`-- --runs=N`), with what each page downloads.
// Lighthouse 12 has no PWA category any more, so installability comes from Chromium itself
// (CDP Page.getInstallabilityErrors, in a persistent profile: an incognito-like one always
// reports "in-incognito"). Not part of `npm test`: one run, one machine, figures to read.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from '@playwright/test';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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

const DEVICE = {
  id: '6f1c2a4e-3b1d-4c2e-9f00-00000000a0d1',
  name: 'Chrome on Android',
  type: 'mobile',
  os: 'Android',
  browser: 'Chrome',
};

const runsArg = process.argv.find((arg) => arg.startsWith('--runs='));
const RUNS = runsArg ? Number(runsArg.slice('--runs='.length)) : 3;

try {
  await waitForHealth();
  const maya = await signInAsMaya();
  await printInstallability();
  const pages = [
    { path: '/login' },
    { path: `/register?ref=${maya.user.referralCode}` },
    { path: '/feed', auth: maya },
    { path: `/posts/${await firstPostId(maya)}`, auth: maya },
  ];
  const rows = [];
  for (const page of pages) rows.push(await audit(page));
  console.log(`\nLighthouse, mobile emulation (simulated slow 4G), median of ${RUNS}:`);
  console.log(
    '  page                          perf   FCP     LCP     TBT      CLS    JS sent  requests',
  );
  for (const r of rows) {
    console.log(
      `  ${r.label.padEnd(30)}${String(r.score).padEnd(7)}${r.fcp.padEnd(8)}${r.lcp.padEnd(8)}` +
        `${r.tbt.padEnd(9)}${r.cls.padEnd(7)}${`${r.jsKb} KB`.padEnd(9)}${r.requests}`,
    );
  }
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

/** The demo's maya, signed in as the sign-in form does it. */
async function signInAsMaya() {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: 'maya',
      password: 'doers-demo-2026',
      rememberMe: true,
      device: DEVICE,
    }),
  });
  if (!res.ok) throw new Error(`Signing in as maya: ${res.status} ${await res.text()}`);
  return res.json();
}

async function firstPostId(auth) {
  const res = await fetch(`${base}/api/feed?limit=1`, {
    headers: { authorization: `Bearer ${auth.tokens.accessToken}` },
  });
  const feed = await res.json();
  if (!feed.items?.[0]) throw new Error('The demo feed has no post');
  return feed.items[0].id;
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

/** One page, RUNS times: the run of median performance, and what it downloaded. */
async function audit({ path, auth }) {
  const results = [];
  for (let run = 0; run < RUNS; run += 1) results.push(await lighthouseRun(path, auth));
  results.sort((a, b) => a.categories.performance.score - b.categories.performance.score);
  const lhr = results[Math.floor(results.length / 2)];
  const value = (id) => lhr.audits[id].displayValue ?? '';
  const requests = lhr.audits['network-requests'].details.items;
  const js = requests.filter((r) => r.resourceType === 'Script');
  const label = `${path.length > 28 ? `${path.slice(0, 27)}…` : path}${auth ? ' *' : ''}`;
  console.log(`\n${label}: slowest scripts to run (bootup-time)`);
  const bootup = [...(lhr.audits['bootup-time'].details?.items ?? [])];
  bootup.sort((a, b) => b.scripting - a.scripting);
  for (const item of bootup.slice(0, 4)) {
    console.log(`    ${Math.round(item.scripting)} ms  ${item.url.replace(base, '')}`);
  }
  return {
    label,
    score: Math.round(lhr.categories.performance.score * 100),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    jsKb: (js.reduce((sum, r) => sum + r.transferSize, 0) / 1024).toFixed(0),
    requests: requests.length,
  };
}

/**
 * A Lighthouse run in a fresh Chromium. Signed in, the session is put where the app keeps it
 * (localStorage) before the run, and Lighthouse is told not to clear storage.
 */
async function lighthouseRun(path, auth) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    if (auth) await keepSession(chrome.port, auth);
    const result = await lighthouse(`${base}${path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      disableStorageReset: Boolean(auth),
    });
    return result.lhr;
  } finally {
    chrome.kill();
  }
}

async function keepSession(port, auth) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    const page = await context.newPage();
    await page.goto(`${base}/version.json`);
    await page.evaluate(
      ({ auth, deviceId }) => {
        localStorage.setItem('doers-device-id', deviceId);
        localStorage.setItem('accessToken', auth.tokens.accessToken);
        localStorage.setItem('refreshToken', auth.tokens.refreshToken);
        const state = {
          userId: auth.user.id,
          isAuthenticated: true,
          hasCompletedOnboarding: !auth.requiresQuest,
          suspension: auth.suspension,
        };
        localStorage.setItem('doers-auth', JSON.stringify({ state, version: 0 }));
      },
      { auth, deviceId: DEVICE.id },
    );
    await page.close();
  } finally {
    await browser.close();
  }
}
