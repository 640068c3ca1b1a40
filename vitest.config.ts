import { defineConfig } from 'vitest/config';

// One run covers every unit and API suite; each workspace is its own project.
export default defineConfig({
  test: {
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
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
          environment: 'node',
        },
      },
    ],
  },
});
