import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { webBoundaries } from './apps/web/lint/feature-boundaries.js';

// SQL lives in repositories (and db/) only: elsewhere in the server nothing calls `.query(…)`.
// tooling/lint-rules.test.ts proves it fires, on its own and as part of this configuration.
/** @type {import('eslint').Linter.Config} */
export const sqlOnlyInRepositories = {
  files: ['apps/server/src/**/*.ts'],
  // A test beside its module may read or set up the database directly, as the suites in
  // apps/server/test/ do: the rule binds the code that runs.
  ignores: [
    'apps/server/src/**/*.repository.ts',
    'apps/server/src/db/**',
    'apps/server/src/**/*.test.ts',
  ],
  rules: {
    'no-restricted-syntax': [
      'error',
      {
        selector:
          "CallExpression:matches([callee.property.name='query'], [callee.property.value='query'])",
        message:
          'SQL only in repositories: put this query in a *.repository.ts method and call that.',
      },
    ],
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      'data/**',
      '.test-data/**',
      'test-results/**',
      'playwright-report/**',
      // Deliberate violations that tooling/*.test.ts lints and cruises.
      'tooling/fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'doers-web': webBoundaries },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Features meet only through their index.ts; shared → features → app, one way. On resolved
      // paths, however the import is spelled (apps/web/lint/feature-boundaries.js, proved by
      // apps/web/src/feature-boundaries.test.ts); .dependency-cruiser.cjs checks the same graph.
      'doers-web/boundaries': 'error',
    },
  },
  sqlOnlyInRepositories,
);
