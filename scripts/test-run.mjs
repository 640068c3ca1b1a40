// The machinery of `npm test` (scripts/test.mjs): runs stages, reads what their reports say, and
// ends with one line whose counts and exit code always agree. A stage that fails without a failed
// test to show for it (it could not start, it crashed, a check outside the test runners failed)
// counts as one failure of its own and is named: "0 failed" after a red stage is a lie.
import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';

// Colours stripped: CI's log is read as plain text.
// eslint-disable-next-line no-control-regex
const colours = /\u001b\[[0-9;]*m/g;
const firstLine = (message) =>
  String(message ?? '')
    .replace(colours, '')
    .split('\n')[0]
    .slice(0, 200);

/** Vitest's JSON report: totals and one line per failed test (or file that failed to load). */
export function readVitest(report) {
  const failures = [];
  for (const file of report.testResults) {
    const failed = file.assertionResults.filter((t) => t.status === 'failed');
    // A file that failed before any test ran (an import, a hook) has only its own message.
    if (file.status === 'failed' && failed.length === 0)
      failures.push(`FAILED TEST  ${file.name}: ${firstLine(file.message)}`);
    for (const t of failed)
      failures.push(
        `FAILED TEST  ${file.name} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`,
      );
  }
  return {
    passed: report.numPassedTests,
    // A file that failed to load counts once, as it would if it had one test.
    failed: Math.max(report.numFailedTests, failures.length),
    skipped: report.numPendingTests + report.numTodoTests,
    flaky: 0,
    failures,
  };
}

/** Playwright's report nests suites (files, describes) around specs, each with its tests. */
function* playwrightSpecs(suites) {
  for (const suite of suites ?? []) {
    yield* suite.specs ?? [];
    yield* playwrightSpecs(suite.suites);
  }
}

/** Playwright's JSON report; a test that passed only on its retry is named as flaky. */
export function readPlaywright(report) {
  const failures = [];
  for (const spec of playwrightSpecs(report.suites)) {
    for (const test of spec.tests) {
      if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
      const error = test.results.find((r) => r.error)?.error?.message;
      const how = test.status === 'flaky' ? 'FLAKY TEST ' : 'FAILED TEST';
      failures.push(
        `${how}  ${spec.file}:${spec.line} [${test.projectName}] ${spec.title}: ${firstLine(error)}`,
      );
    }
  }
  // Errors outside any test: the web server that did not start, a global set-up that threw.
  for (const error of report.errors ?? [])
    failures.push(`FAILED SET-UP  ${firstLine(error.message)}`);
  const { stats } = report;
  return {
    passed: stats.expected + stats.flaky,
    failed: stats.unexpected + (report.errors?.length ?? 0),
    skipped: stats.skipped,
    flaky: stats.flaky,
    failures,
  };
}

const readers = { vitest: readVitest, playwright: readPlaywright };

/** Runs a command; resolves with how it ended, never rejects. Output is streamed or kept. */
function execute(command, args, { env, keepOutput }) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      env: { ...process.env, ...env },
      stdio: keepOutput ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    let output = '';
    if (keepOutput) {
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
    }
    child.once('error', (error) => resolve({ code: null, signal: null, error, output }));
    child.once('close', (code, signal) => resolve({ code, signal, error: undefined, output }));
  });
}

export class TestRun {
  totals = { passed: 0, failed: 0, skipped: 0, flaky: 0 };
  /** What failed, named again at the end: CI shows only the end of what a run printed. */
  failures = [];
  /** Each stage's wall-clock seconds: where a slow run spent its time. */
  timings = [];
  started = Date.now();

  /**
   * Runs one stage. `report` is the JSON file its test runner writes (removed first, so that an
   * earlier run's report never speaks for this one) and which reader reads it. `keepOutput`
   * holds the output until the stage ends, for stages that run side by side.
   */
  async stage(label, command, args, { env = {}, report, keepOutput = false } = {}) {
    if (!keepOutput) console.log(`\n▶ ${label}`);
    if (report) rmSync(report.file, { force: true });
    const begun = Date.now();
    const ended = await execute(command, args, { env, keepOutput });
    const seconds = Math.round((Date.now() - begun) / 1000);
    if (keepOutput) console.log(`\n▶ ${label}\n${ended.output.trimEnd()}`);

    let counted;
    let unreadable;
    if (report) {
      try {
        counted = readers[report.kind](JSON.parse(readFileSync(report.file, 'utf8')));
      } catch (error) {
        unreadable =
          error.code === 'ENOENT' ? 'it wrote no report' : `its report: ${error.message}`;
      }
    }
    if (counted) {
      for (const key of Object.keys(this.totals)) this.totals[key] += counted[key];
      this.failures.push(...counted.failures);
    }

    const exitedWell = ended.code === 0;
    const ok = exitedWell && !unreadable && (counted?.failed ?? 0) === 0;
    if (!ok && (counted?.failed ?? 0) === 0) {
      // Red with no failed test to show for it: the stage itself is the failure.
      this.totals.failed += 1;
      this.failures.push(`FAILED STAGE ${label}: ${why(ended, unreadable)}`);
    }
    this.timings.push({ label, seconds, ok });
    return ok;
  }

  /** The closing lines; the last one is "N passed, N failed, N skipped". Returns the exit code. */
  finish() {
    const seconds = Math.round((Date.now() - this.started) / 1000);
    console.log(`\nDoers tests finished in ${seconds}s`);
    for (const { label, seconds, ok } of this.timings)
      console.log(`${String(seconds).padStart(5)}s  ${ok ? 'ok    ' : 'FAILED'}  ${label}`);
    for (const failure of this.failures) console.log(failure);
    // Passed only on a retry: counted as passed, named above so that it gets fixed.
    if (this.totals.flaky) console.log(`${this.totals.flaky} test(s) flaky: passed on a retry`);
    const { passed, failed, skipped } = this.totals;
    console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
    return failed === 0 ? 0 : 1;
  }
}

function why(ended, unreadable) {
  if (ended.error) return `could not start (${ended.error.message})`;
  if (ended.signal) return `killed by ${ended.signal}`;
  if (ended.code !== 0)
    return `exited with code ${ended.code}${unreadable ? `; ${unreadable}` : ''}`;
  return unreadable;
}
