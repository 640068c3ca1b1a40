import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { lazyContractPlugin } from './apps/web/build/lazy-contract-plugin.js';
import { zodWithoutJsonSchemaPlugin } from './apps/web/build/zod-without-json-schema-plugin.js';
import { preactAliases } from './apps/web/build/preact-aliases.js';

/** The security suite's logs test reads what every other file of it left in the logs. */
class SecurityLogsLast extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const last = (f: TestSpecification) => f.moduleId.endsWith('/security/logs.test.ts');
    return [...sorted.filter((f) => !last(f)), ...sorted.filter(last)];
  }
}

// One run covers every unit and API suite; each workspace is its own project.
export default defineConfig({
  test: {
    sequence: { sequencer: SecurityLogsLast },
    // Vitest's default, a worker fewer than the cores, is one on a 2-core machine; one worker of
    // API files leaves part of the second core idle while it waits on its database and its
    // child processes, and two keep both busy (docs/decisions/0014-a-test-suite-that-answers-in-minutes.md).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        // The repository's own checkers (module boundaries, lint rules) against fixtures.
        test: {
          name: 'tooling',
          root: 'tooling',
          include: ['*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'contract',
          root: 'packages/contract',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          // Files share their worker's modules and its pool of migrated databases
          // (test/support/pglite-pool.ts): loading the server's modules and opening PGlite once
          // per worker, not once per file, is most of what a file's set-up cost. No server test
          // mocks modules or changes the environment, which is what isolation protects.
          isolate: false,
          globalSetup: ['test/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Attacks on a real server process (apps/server/security/README.md); one file at a time,
        // since several measure time. Run alone: npx vitest run --project security
        test: {
          name: 'security',
          root: 'apps/server',
          include: ['security/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['security/support/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        // The web app's schemas are built on first use, and zod's JSON Schema is left out, as in
        // its build.
        plugins: [lazyContractPlugin(), zodWithoutJsonSchemaPlugin()],
        test: {
          name: 'web',
          root: 'apps/web',
          // integration/: the app's clients against a real server (apps/server/test/support).
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'integration/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['src/test-setup.ts'],
          alias: [
            ...preactAliases,
            // Node would load React Router's CommonJS build, whose require('react') no alias
            // reaches: its ES module build instead, as the browser gets.
            {
              find: /^react-router$/,
              replacement: fileURLToPath(
                new URL('node_modules/react-router/dist/development/index.mjs', import.meta.url),
              ),
            },
          ],
          // Libraries that import React (React Router, TanStack Query, Zustand) go through the
          // same aliases, and zod through the same stubs: inlined, not loaded by Node as they are.
          server: {
            deps: {
              inline: [
                /react-router/,
                /@tanstack/,
                /zustand/,
                /@testing-library\/preact/,
                /[\\/]zod[\\/]/,
              ],
            },
          },
          globalSetup: ['../server/test/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
