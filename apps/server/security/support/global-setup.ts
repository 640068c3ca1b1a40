// Starts the shared server once for the whole security project and hands its address to every
// file (inject('security')). Logs and kept secrets go to .test-data/security/, replaced each run.
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServer } from './server-process.js';
import type { SuiteContext } from './suite.js';

const root = resolve(import.meta.dirname, '../../../..');

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const runDir = join(root, '.test-data/security');
  rmSync(runDir, { recursive: true, force: true });
  mkdirSync(join(runDir, 'secrets'), { recursive: true });
  const webDist = webBuild(runDir);
  const main = await startServer({ name: 'main', runDir, env: { WEB_DIST: webDist.path } });
  const context: SuiteContext = { runDir, main: main.info(), webDist };
  project.provide('security', context);
  return () => main.dispose();
}

/**
 * The headers test wants the app as it ships: `npm test` builds it before this suite runs. Run
 * alone on a fresh checkout, a one-page fixture stands in (the headers come from the server).
 */
function webBuild(runDir: string): SuiteContext['webDist'] {
  const real = join(root, 'apps/web/dist');
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
