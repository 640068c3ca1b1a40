#!/usr/bin/env node
// The first-load budgets of `npm test` (docs/decisions/0015-first-screen-on-a-phone.md): reads the
// production build (apps/web/dist) and fails when what a screen downloads before it can paint
// outgrows its budget, counted in Brotli bytes as the server sends them, or when a public screen
// pulls a signed-in screen's code. Bytes, never timings: the same build always gives the same
// answer.
//   /login, /register  index.html's entry script, its modulepreloads and its stylesheet
//   /feed              the same, and the feed's chunk (posts-lazy) with everything it imports
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const DIST = process.argv[2] ?? 'apps/web/dist';
/** Brotli KB a screen's scripts may weigh, and its stylesheets. */
const BUDGETS = {
  '/login': { js: 100, css: 16 },
  '/feed (signed in)': { js: 120, css: 16 },
};
/** Code only signed-in screens need: a public screen that loads it is a defect. */
const SIGNED_IN_ONLY =
  /^(posts|dms|quests|profile|settings|activity|vibes|leaderboard|stats|support-tier|notifications|explore|onboarding|tutorials|safety)-lazy-|^(media-upload|voice-recorder|voice-player|tus|tutorial-overlay|tutorial-store|idb|eventsource-parser)-/;

const html = readFileSync(join(DIST, 'index.html'), 'utf8');
// The entry and its modulepreloads, and the stylesheet index.html's script asks for.
const firstLoad = new Set([
  ...[...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="\/assets\/([^"]+\.(?:js|css))"/g)].map(
    (m) => m[1],
  ),
  ...[...html.matchAll(/var appStyles = \[([^\]]*)\]/g)].flatMap((m) =>
    [...m[1].matchAll(/"\/assets\/([^"]+\.css)"/g)].map((css) => css[1]),
  ),
]);
/** A chunk and every chunk it imports statically, transitively (dynamic imports load later). */
function withImports(file, into = new Set()) {
  if (into.has(file)) return into;
  into.add(file);
  if (!file.endsWith('.js')) return into;
  const code = readFileSync(join(DIST, 'assets', file), 'utf8');
  for (const [, dep] of code.matchAll(/import\s*(?:[\w$*{}\s,]+from\s*)?["']\.\/([^"']+\.js)["']/g))
    withImports(dep, into);
  return into;
}
const chunk = (prefix) => {
  const found = [...firstLoad, ...listAssets()].find((f) => f.startsWith(prefix));
  if (!found) throw new Error(`No ${prefix}* chunk in ${DIST}/assets`);
  return found;
};
function listAssets() {
  return readFileSync(join(DIST, 'sw.js'), 'utf8')
    .match(/\/assets\/[^"',\s]+/g)
    .map((path) => path.slice('/assets/'.length));
}

const publicScreen = new Set([...firstLoad].flatMap((f) => [...withImports(f)]));
const screens = {
  '/login': publicScreen,
  '/feed (signed in)': new Set([...publicScreen, ...withImports(chunk('posts-lazy-'))]),
};

const brotliKb = (file) => {
  const path = join(DIST, 'assets', file);
  const bytes = existsSync(`${path}.br`) ? readFileSync(`${path}.br`) : readFileSync(path);
  return bytes.length / 1024;
};
const failures = [];
console.log('First load, Brotli KB (budget):');
for (const [screen, files] of Object.entries(screens)) {
  const sum = (ext) =>
    [...files].filter((f) => f.endsWith(ext)).reduce((s, f) => s + brotliKb(f), 0);
  const js = sum('.js');
  const css = sum('.css');
  const budget = BUDGETS[screen];
  console.log(
    `  ${screen.padEnd(20)} JS ${js.toFixed(1)} (${budget.js})  CSS ${css.toFixed(1)} (${budget.css})  ${files.size} files`,
  );
  if (js > budget.js)
    failures.push(`${screen}: ${js.toFixed(1)} KB of JavaScript, over ${budget.js}`);
  if (css > budget.css) failures.push(`${screen}: ${css.toFixed(1)} KB of CSS, over ${budget.css}`);
}
if (![...publicScreen].some((f) => f.endsWith('.css')))
  failures.push('index.html asks for no stylesheet: every screen would show unstyled');
for (const file of publicScreen) {
  if (SIGNED_IN_ONLY.test(file)) failures.push(`/login loads ${file}, code of signed-in screens`);
}
// A signed-in cold start preloads the feed's screens from index.html's early script
// (build/feed-preload-plugin.ts): exactly what the feed needs beyond the first load, so no
// screen waits on a round trip the build could have named, and no one downloads more.
const preloaded = JSON.parse(/var feedChunks = (\[[^\]]*\]);/.exec(html)?.[1] ?? 'null');
const feedNeeds = [...screens['/feed (signed in)']].filter((f) => !publicScreen.has(f));
if (!preloaded) failures.push('index.html preloads nothing for the feed (no feedChunks)');
else if (
  preloaded
    .map((p) => p.slice('/assets/'.length))
    .sort()
    .join() !== feedNeeds.sort().join()
)
  failures.push(
    `the feed preload (${preloaded.join(', ')}) is not what the feed loads: ${feedNeeds.join(', ')}`,
  );
for (const failure of failures) console.error(`FAILED  ${failure}`);
process.exit(failures.length ? 1 : 0);
