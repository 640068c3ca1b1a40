#!/usr/bin/env node
// `npm test`: formatting, typecheck, lint, module boundaries, every unit and API suite (Vitest),
// the production build and its first-load budgets, the security suite and the end-to-end suite
// in headless Chromium (Playwright). Ends with each stage's time, what failed, and one
// "N passed, N failed" line.
//   node scripts/test.mjs --api-only   only the server's database and API suites and the security
//                                      suite (CI runs this again with DATABASE_URL and REDIS_URL)
//   … --api-only --no-security         the database and API suites alone
//   … --security-only                  the security suite alone
// Everything a run writes (reports, the security suite's logs, the end-to-end results) goes under
// .test-data/runs/<pid>/, so that two runs on one machine never read each other's files.
import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { TestRun } from './test-run.mjs';

const apiOnly = process.argv.includes('--api-only');
const securityOnly = process.argv.includes('--security-only');
const noSecurity = process.argv.includes('--no-security');
const runDir = join('.test-data/runs', String(process.pid));
mkdirSync(runDir, { recursive: true });
// The web app is built into the run's own folder and served from there: two runs at once in one
// checkout never serve, or count, each other's half-written build. (The server's bundle is made
// per suite already.)
const webDist = resolve(runDir, 'web-dist');
const env = { DOERS_TEST_RUN_DIR: runDir, DOERS_WEB_DIST: webDist };
const run = new TestRun();
/** A green run leaves nothing behind; a red one keeps its folder (logs, traces) and says where. */
function finish() {
  if (run.totals.failed) console.log(`\nLogs, reports and traces of this run: ${runDir}/`);
  const code = run.finish();
  if (code === 0) rmSync(runDir, { recursive: true, force: true });
  process.exit(code);
}

const vitest = (label, name, projects) =>
  run.stage(
    label,
    'npx',
    [
      'vitest',
      'run',
      ...projects.flatMap((p) => ['--project', p]),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${join(runDir, `${name}.json`)}`,
    ],
    { env, report: { kind: 'vitest', file: join(runDir, `${name}.json`) } },
  );

/** The security suite attacks a real server process; after the build, so it serves the app. */
const securitySuite = () =>
  vitest('Security suite (Vitest, attacks on a server process)', 'security', ['security']);

if (apiOnly || securityOnly) {
  // Both run whatever the first gives: each failure is counted and named in the summary.
  if (!securityOnly) await vitest('Database and API suites', 'api', ['server']);
  if (!noSecurity) await securitySuite();
  finish();
}

// Prettier and ESLint remember what they found of each file, by its content, and look again at
// changed files only (tsc -b keeps its own build info). No lint rule reads another file than the
// one it checks, so a file that did not change cannot have changed its verdict.
const CACHE = {
  prettier: ['--cache', '--cache-strategy', 'content'],
  eslint: [
    '--cache',
    '--cache-strategy',
    'content',
    '--cache-location',
    'node_modules/.cache/eslint/',
  ],
};
// The static checks are single-threaded: two lines of them side by side keep both cores busy.
const quiet = { env, keepOutput: true };
const checks = await Promise.all([
  run.stage('Typecheck', 'npx', ['tsc', '-b'], quiet),
  (async () =>
    (await run.stage(
      'Formatting (Prettier)',
      'npx',
      ['prettier', '--check', '.', ...CACHE.prettier],
      quiet,
    )) &&
    (await run.stage('Lint', 'npx', ['eslint', '.', '--max-warnings=0', ...CACHE.eslint], quiet)) &&
    run.stage('Module boundaries', 'npm', ['run', '--silent', 'lint:deps'], quiet))(),
]);
if (!checks.every(Boolean)) finish();

// The build beside the suites: a few seconds, and the suites after these need it.
const [suites, build] = await Promise.all([
  vitest('Unit and API suites (Vitest)', 'vitest', ['tooling', 'contract', 'server', 'web']),
  (async () =>
    (await run.stage(
      'Production build',
      'npx',
      ['vite', 'build', 'apps/web', '--outDir', webDist, '--emptyOutDir', '--logLevel', 'warn'],
      quiet,
    )) &&
    run.stage(
      'First-load budgets (build output)',
      'node',
      ['scripts/first-load-budget.mjs', webDist],
      {
        env,
      },
    ))(),
]);
if (!suites || !build) finish();
if (!(await securitySuite())) finish();

await run.stage('End-to-end suite (Playwright, headless Chromium)', 'npx', ['playwright', 'test'], {
  env: { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: join(runDir, 'e2e.json') },
  report: { kind: 'playwright', file: join(runDir, 'e2e.json') },
});
finish();
