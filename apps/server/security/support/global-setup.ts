// Builds the server's bundle and starts the shared server once for the whole security project,
// and hands both to every file (inject('security')). Logs and kept secrets go to the run's folder:
// <DOERS_TEST_RUN_DIR>/security under `npm test`, else .test-data/security-<pid>.
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { serverBundle } from '../../test/support/server-process.js';
import { startServer } from './servers.js';
import type { SuiteContext } from './suite.js';

const root = resolve(import.meta.dirname, '../../../..');

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const runs = process.env['DOERS_TEST_RUN_DIR'];
  const runDir = runs
    ? resolve(root, runs, 'security')
    : join(root, `.test-data/security-${process.pid}`);
  rmSync(runDir, { recursive: true, force: true });
  mkdirSync(join(runDir, 'secrets'), { recursive: true });
  const webDist = webBuild(runDir);
  const bundle = await serverBundle();
  const main = await startServer({
    name: 'main',
    runDir,
    bundle: bundle.path,
    env: { WEB_DIST: webDist.path },
  });
  const context: SuiteContext = { runDir, bundle: bundle.path, main: main.info(), webDist };
  project.provide('security', context);
  return async () => {
    await main.dispose();
    bundle.remove();
  };
}

/**
 * The headers test wants the app as it ships: `npm test` builds it before this suite runs. Run
 * alone on a fresh checkout, a one-page fixture stands in (the headers come from the server).
 */
function webBuild(runDir: string): SuiteContext['webDist'] {
  // npm test builds the app into its run's folder (DOERS_WEB_DIST).
  const real = process.env['DOERS_WEB_DIST'] ?? join(root, 'apps/web/dist');
  if (existsSync(join(real, 'index.html'))) return { path: real, real: true };
  const fixture = join(runDir, 'web-fixture');
  mkdirSync(fixture, { recursive: true });
  writeFileSync(
    join(fixture, 'index.html'),
    '<!doctype html><html lang="en"><head><title>Doers</title></head>' +
      '<body><div id="root"></div></body></html>\n',
  );
  writeFileSync(join(fixture, 'version.json'), '{"buildId":"fixture","version":"fixture"}\n');
  return { path: fixture, real: false };
}
