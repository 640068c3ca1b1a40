#!/usr/bin/env node
// `npm run audit`: the built app as `npm start` serves it (fresh embedded database, demo data),
// audited in Debian's Chromium. Prints the checks that make the app installable and usable
// offline, and Lighthouse's performance at mobile emulation for the four pages people open
// first: /login, /register?ref=<code>, /feed and a post's page (signed in as maya of the demo),
// each the median of three runs (`-- --runs=N`), with what each page downloads.
// Lighthouse 12 has no PWA category any more, so installability comes from Chromium itself
// (CDP Page.getInstallabilityErrors, in a persistent profile: an incognito-like one always
// reports "in-incognito"). Not part of `npm test`: one run, one machine, figures to read. Runs
// through tsx, for the server-starting module the test suites share.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from '@playwright/test';
import { startServerProcess } from '../apps/server/test/support/server-process.ts';
import { storeSession } from '../e2e/support/stored-session.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (!process.argv.includes('--no-build')) {
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The server starts as every suite starts one: a free port, a data directory of its own, and
// the proof that the server answering is the one started here.
const server = await startServerProcess({
  name: 'audit',
  logDir: join('.test-data/audit', String(process.pid)),
  bundle: 'apps/server/dist/main.js',
  hostname: 'localhost',
  pglite: true,
  logLevel: 'warn',
  // WEB_DIST=… audits another build of the web app (an earlier one, beside this one).
  env: { SEED_DEMO: 'true', WEB_DIST: resolve(process.env.WEB_DIST ?? 'apps/web/dist') },
});
const base = server.url;

const DEVICE = {
  id: '6f1c2a4e-3b1d-4c2e-9f00-00000000a0d1',
  name: 'Chrome on Android',
  type: 'mobile',
  os: 'Android',
  browser: 'Chrome',
};

const runsArg = process.argv.find((arg) => arg.startsWith('--runs='));
const RUNS = runsArg ? Number(runsArg.slice('--runs='.length)) : 3;
// `-- --only=/feed`: just the pages whose path starts so, without the installability and
// interaction checks (a quicker loop while working on one page).
const onlyArg = process.argv.find((arg) => arg.startsWith('--only='));
const ONLY = onlyArg?.slice('--only='.length);
// `-- --save=DIR`: each page's median Lighthouse report as JSON, to read its requests and
// timings beyond what is printed here.
const saveArg = process.argv.find((arg) => arg.startsWith('--save='));
const SAVE = saveArg?.slice('--save='.length);

try {
  const maya = await signInAsMaya();
  if (!ONLY) {
    await printInstallability();
    await printInteractions(maya);
  }
  const allPages = [
    { path: '/login' },
    { path: `/register?ref=${maya.user.referralCode}` },
    { path: '/feed', auth: maya },
    { path: `/posts/${await firstPostId(maya)}`, auth: maya },
  ];
  const pages = ONLY ? allPages.filter((page) => page.path.startsWith(ONLY)) : allPages;
  const rows = [];
  for (const page of pages) rows.push(await audit(page));
  // Lighthouse's 4× CPU slowdown assumes a desktop-class host (its BenchmarkIndex, 1,000 or
  // more): on a slower one every task counts longer, and TBT with it. Printed so that figures
  // from different days, or machines, are read against each other's host.
  const indexes = rows.flatMap((r) => r.benchmarkIndexes).sort((a, b) => a - b);
  console.log(`\nLighthouse, mobile emulation (simulated slow 4G), median of ${RUNS}:`);
  console.log(
    `  this host's BenchmarkIndex: median ${indexes[Math.floor(indexes.length / 2)]}` +
      ` (${indexes[0]}–${indexes.at(-1)}); Lighthouse warns below 1,000`,
  );
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
  await server.dispose();
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

/**
 * How long tapping smile, play and record takes to answer on a phone: Interaction to Next Paint
 * (the longest event of the tap, from the Event Timing API) at 4× CPU throttling, median of three.
 */
async function printInteractions(auth) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  });
  const tap = async (path, name) => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    await page.goto(`${base}/version.json`);
    await page.evaluate(storeSession, { auth, deviceId: DEVICE.id });
    await page.goto(`${base}${path}`);
    const target = page.getByRole('button', { name }).first();
    await target.waitFor();
    await page.waitForTimeout(2000);
    // A tutorial's card would cover what is tapped.
    const skip = page.getByRole('button', { name: 'Skip Tutorial' });
    if (await skip.isVisible()) await skip.click();
    await page.evaluate(() => {
      globalThis.__interactions = new Map();
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) {
          if (!e.interactionId) continue;
          const longest = globalThis.__interactions.get(e.interactionId) ?? 0;
          globalThis.__interactions.set(e.interactionId, Math.max(longest, e.duration));
        }
      }).observe({ type: 'event', durationThreshold: 16 });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await target.tap();
    await page.waitForTimeout(1500);
    const inp = await page.evaluate(() => Math.max(0, ...globalThis.__interactions.values()));
    await context.close();
    return inp;
  };
  console.log('\nInteraction to Next Paint at 4× CPU (median of 3):');
  try {
    for (const [label, path, name] of [
      ['smile', '/feed', /^Smile,/],
      ['play', '/feed', /^Play/],
      ['record', '/post', 'Record voice note'],
    ]) {
      const runs = [];
      for (let run = 0; run < 3; run += 1) runs.push(await tap(path, name));
      runs.sort((a, b) => a - b);
      console.log(`  ${label.padEnd(8)} ${runs[1]} ms  (${runs.join(', ')})`);
    }
  } finally {
    await browser.close();
  }
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
    // The app draws once its stylesheet is in (apps/web/src/lib/app-styles.ts): wait for it.
    const opensOffline = await page
      .getByRole('link', { name: /Doers|Sign in|Home/ })
      .first()
      .waitFor({ timeout: 10_000 })
      .then(
        () => true,
        () => false,
      );
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
  if (SAVE) {
    mkdirSync(SAVE, { recursive: true });
    const name = path.split('?')[0].replace(/^\//, '').replace(/\//g, '-') || 'root';
    writeFileSync(join(SAVE, `${name}.json`), JSON.stringify(lhr));
  }
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
  // What the largest paint was, and where its time went (Lighthouse's LCP phases).
  const [element, phases] = lhr.audits['largest-contentful-paint-element'].details?.items ?? [];
  const node = element?.items?.[0]?.node;
  if (node) console.log(`  largest paint: ${node.nodeLabel ?? ''} (${node.snippet ?? ''})`);
  if (phases?.items?.length)
    console.log(
      `  its phases: ${phases.items.map((p) => `${p.phase} ${Math.round(p.timing)} ms`).join(', ')}`,
    );
  const work = lhr.audits['mainthread-work-breakdown'].details?.items ?? [];
  console.log(
    `  main thread: ${work.map((w) => `${w.groupLabel} ${Math.round(w.duration)} ms`).join(', ')}`,
  );
  // The tasks that block the page longest: what Total Blocking Time is made of.
  const longTasks = (lhr.audits['long-tasks'].details?.items ?? []).slice(0, 6);
  if (longTasks.length)
    console.log(
      `  long tasks: ${longTasks.map((t) => `${Math.round(t.duration)} ms at ${Math.round(t.startTime)} (${(t.url ?? '').replace(base, '').split('/').pop()})`).join(', ')}`,
    );
  return {
    label,
    score: Math.round(lhr.categories.performance.score * 100),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    jsKb: (js.reduce((sum, r) => sum + r.transferSize, 0) / 1024).toFixed(0),
    requests: requests.length,
    benchmarkIndexes: results.map((r) => Math.round(r.environment.benchmarkIndex)),
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
    await page.evaluate(storeSession, { auth, deviceId: DEVICE.id });
    await page.close();
  } finally {
    await browser.close();
  }
}
