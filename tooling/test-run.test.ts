// `npm test`'s summary (scripts/test-run.mjs) tells the truth: a stage that could not start, or
// that failed without a failed test to show, is a failure in the closing line and in the exit
// code; tests its reports name as failed are counted and named.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const runner = fileURLToPath(new URL('../scripts/test-run.mjs', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'doers-test-run-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A Vitest JSON report with `passed` passing tests and the named failures. */
function vitestReport(passed: number, failed: string[] = []) {
  return {
    numPassedTests: passed,
    numFailedTests: failed.length,
    numPendingTests: 0,
    numTodoTests: 0,
    testResults: [
      {
        name: '/repo/a.test.ts',
        status: failed.length ? 'failed' : 'passed',
        message: '',
        assertionResults: failed.map((fullName) => ({
          fullName,
          status: 'failed',
          failureMessages: ['expected 1 to be 2\n    at a.test.ts:3'],
        })),
      },
    ],
  };
}

/** Runs a little test run of the given stages (source of their `await run.stage(…)` calls). */
function runStages(stages: string): { lines: string[]; status: number | null } {
  const script = join(work, `run-${Math.random().toString(36).slice(2)}.mjs`);
  writeFileSync(
    script,
    `import { TestRun } from ${JSON.stringify(runner)};\n` +
      `const run = new TestRun();\n${stages}\nprocess.exit(run.finish());\n`,
  );
  const result = spawnSync(process.execPath, [script], { encoding: 'utf8' });
  return { lines: result.stdout.trim().split('\n'), status: result.status };
}

/** A stage that writes `report` to `file` and exits with `code`. */
function writesReport(
  file: string,
  report: unknown,
  code = 0,
  { label = 'Unit', kind = 'vitest' } = {},
) {
  const source = `require('fs').writeFileSync(${JSON.stringify(file)}, ${JSON.stringify(JSON.stringify(report))}); process.exit(${code})`;
  return `await run.stage(${JSON.stringify(label)}, process.execPath, ['-e', ${JSON.stringify(source)}], { report: { kind: ${JSON.stringify(kind)}, file: ${JSON.stringify(file)} } });`;
}

describe('the test run’s summary', () => {
  it('counts every passed test of every stage, and exits 0 when all passed', () => {
    const { lines, status } = runStages(
      writesReport(join(work, 'a.json'), vitestReport(3)) +
        writesReport(join(work, 'b.json'), vitestReport(2)),
    );
    expect(lines.at(-1)).toBe('5 passed, 0 failed, 0 skipped');
    expect(status).toBe(0);
  });

  it('reports a stage that could not start as failed, by name', () => {
    const { lines, status } = runStages(
      writesReport(join(work, 'c.json'), vitestReport(4)) +
        `await run.stage('End-to-end suite', '/nonexistent/playwright', ['test']);`,
    );
    expect(lines.at(-1)).toBe('4 passed, 1 failed, 0 skipped');
    expect(lines).toContainEqual(
      expect.stringMatching(/^FAILED STAGE End-to-end suite: could not start/),
    );
    expect(status).toBe(1);
  });

  it('reports a stage that exited red without writing its report as failed', () => {
    const missing = join(work, 'never-written.json');
    const { lines, status } = runStages(
      `await run.stage('Security suite', process.execPath, ['-e', 'process.exit(1)'], { report: { kind: 'vitest', file: ${JSON.stringify(missing)} } });`,
    );
    expect(lines.at(-1)).toBe('0 passed, 1 failed, 0 skipped');
    expect(lines).toContain('FAILED STAGE Security suite: exited with code 1; it wrote no report');
    expect(status).toBe(1);
  });

  it('never lets an earlier run’s report speak for a stage that wrote none', () => {
    const stale = join(work, 'stale.json');
    writeFileSync(stale, JSON.stringify(vitestReport(900)));
    const { lines, status } = runStages(
      `await run.stage('Unit', process.execPath, ['-e', ''], { report: { kind: 'vitest', file: ${JSON.stringify(stale)} } });`,
    );
    expect(lines.at(-1)).toBe('0 passed, 1 failed, 0 skipped');
    expect(lines).toContain('FAILED STAGE Unit: it wrote no report');
    expect(status).toBe(1);
  });

  it('names each failed test once and counts it, without counting the stage again', () => {
    const { lines, status } = runStages(
      writesReport(join(work, 'd.json'), vitestReport(7, ['checks in twice']), 1),
    );
    expect(lines.at(-1)).toBe('7 passed, 1 failed, 0 skipped');
    expect(lines).toContain('FAILED TEST  /repo/a.test.ts › checks in twice: expected 1 to be 2');
    expect(lines.filter((l) => l.startsWith('FAILED'))).toHaveLength(1);
    expect(status).toBe(1);
  });

  it('counts an end-to-end run whose server never started as failed, naming the set-up', () => {
    const file = join(work, 'e2e.json');
    const report = {
      suites: [],
      errors: [{ message: 'Error: the e2e server exited (1)\nAnother Doers process holds it' }],
      stats: { expected: 0, unexpected: 0, flaky: 0, skipped: 0 },
    };
    const { lines, status } = runStages(
      writesReport(file, report, 1, { label: 'End-to-end suite', kind: 'playwright' }),
    );
    expect(lines).toContain('FAILED SET-UP  Error: the e2e server exited (1)');
    expect(lines.at(-1)).toBe('0 passed, 1 failed, 0 skipped');
    expect(status).toBe(1);
  });

  it('reports a static check that failed as a failed stage with its time', () => {
    const { lines, status } = runStages(
      `await run.stage('Lint', process.execPath, ['-e', 'process.exit(2)'], { keepOutput: true });`,
    );
    expect(lines).toContainEqual(expect.stringMatching(/^\s+\d+s {2}FAILED {2}Lint$/));
    expect(lines).toContain('FAILED STAGE Lint: exited with code 2');
    expect(lines.at(-1)).toBe('0 passed, 1 failed, 0 skipped');
    expect(status).toBe(1);
  });
});
