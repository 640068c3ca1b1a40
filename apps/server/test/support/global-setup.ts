import type { TestProject } from 'vitest/node';
import { pgliteTemplate } from './pglite-template.js';
import { commandBundles, type Bundles } from './server-process.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The server and the operator's commands as bundles, for tests that run them as processes. */
    bundles: Bundles;
  }
}

/**
 * Before any file runs: the migrated PGlite every test server starts from, and the bundles of
 * the server and its commands (a process started from a bundle skips tsx's seconds of loading).
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const [, bundles] = await Promise.all([pgliteTemplate(), commandBundles()]);
  project.provide('bundles', bundles.paths);
  return () => bundles.remove();
}
