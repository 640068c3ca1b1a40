#!/usr/bin/env node
// `npm test`: formatting, typecheck, lint, module boundaries, every unit and API suite (Vitest),
// the production build, and the end-to-end suite in headless Chromium (Playwright). Ends with one
// "N passed, N failed" line.
//   node scripts/test.mjs --api-only   only the server's database and API suites and the security
//                                      suite (CI runs this again with DATABASE_URL and REDIS_URL)
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';

const apiOnly = process.argv.includes('--api-only');
const reports = '.test-data/reports';
mkdirSync(reports, { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
/** What failed, named again at the end: CI shows only the end of what a run printed. */
const failures = [];
// Colours stripped: CI's log is read as plain text.
// eslint-disable-next-line no-control-regex
const colours = /\u001b\[[0-9;]*m/g;
const firstLine = (messages) =>
  String(messages?.[0] ?? '')
    .replace(colours, '')
    .split('\n')[0]
    .slice(0, 200);
const started = Date.now();

function run(label, command, args, env = {}) {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

function countVitest(file) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
  for (const file of report.testResults) {
    const failed = file.assertionResults.filter((t) => t.status === 'failed');
    // A file that failed before any test ran (an import, a hook) has only its own message.
    if (file.status === 'failed' && failed.length === 0) {
      failures.push(`FAILED TEST  ${file.name}: ${firstLine([file.message])}`);
    }
    for (const t of failed)
      failures.push(`FAILED TEST  ${file.name} › ${t.fullName}: ${firstLine(t.failureMessages)}`);
  }
}

/** Playwright's report nests suites (files, describes) around specs, each with its tests. */
function* playwrightSpecs(suites) {
  for (const suite of suites ?? []) {
    yield* suite.specs ?? [];
    yield* playwrightSpecs(suite.suites);
  }
}

function countPlaywright(file) {
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += stats.expected + stats.flaky;
  totals.failed += stats.unexpected;
  totals.skipped += stats.skipped;
  totals.flaky = stats.flaky;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  for (const spec of playwrightSpecs(report.suites)) {
    for (const test of spec.tests) {
      if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
      const error = test.results.find((r) => r.error)?.error?.message;
      const how = test.status === 'flaky' ? 'FLAKY TEST ' : 'FAILED TEST';
      failures.push(
        `${how}  ${spec.file}:${spec.line} [${test.projectName}] ${spec.title}: ${firstLine([error])}`,
      );
    }
  }
}

function finish(ok) {
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(`\nDoers tests finished in ${seconds}s`);
  for (const failure of failures) console.log(failure);
  console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  // Passed only on Playwright's retry: counted as passed, named here so that it gets fixed.
  if (totals.flaky) console.log(`${totals.flaky} end-to-end test(s) flaky: passed on a retry`);
  process.exit(ok && totals.failed === 0 ? 0 : 1);
}

const vitestArgs = (file, projects) => [
  'vitest',
  'run',
  ...projects.flatMap((p) => ['--project', p]),
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${file}`,
];

/** The security suite attacks a real server process; after the build, so it serves the app. */
function securitySuite() {
  const ok = run(
    'Security suite (Vitest, attacks on a server process)',
    'npx',
    vitestArgs(`${reports}/security.json`, ['security']),
  );
  countVitest(`${reports}/security.json`);
  return ok;
}

if (apiOnly) {
  const ok = run('Database and API suites', 'npx', vitestArgs(`${reports}/api.json`, ['server']));
  countVitest(`${reports}/api.json`);
  finish(securitySuite() && ok);
}

let ok =
  run('Formatting (Prettier)', 'npx', ['prettier', '--check', '.', '--log-level=warn']) &&
  run('Typecheck', 'npx', ['tsc', '-b']) &&
  run('Lint', 'npx', ['eslint', '.', '--max-warnings=0']) &&
  run('Module boundaries (dependency-cruiser)', 'npm', ['run', '--silent', 'lint:deps']);
if (!ok) finish(false);

ok = run(
  'Unit and API suites (Vitest)',
  'npx',
  vitestArgs(`${reports}/vitest.json`, ['tooling', 'contract', 'server', 'web']),
);
countVitest(`${reports}/vitest.json`);
if (!ok) finish(false);

ok = run('Production build', 'npm', ['run', 'build']);
if (!ok) finish(false);

if (!securitySuite()) finish(false);

ok = run('End-to-end suite (Playwright, headless Chromium)', 'npx', ['playwright', 'test'], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: `${reports}/e2e.json`,
});
countPlaywright(`${reports}/e2e.json`);
finish(ok);
