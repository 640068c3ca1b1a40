// ESLint's "SQL only in repositories" rule fires: the rule block exported by eslint.config.js
// lints the fixtures in tooling/fixtures/sql/ as if they lived at the given server paths.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

// Loaded by URL so that TypeScript does not compile eslint.config.js and everything it imports.
const configUrl = new URL('../eslint.config.js', import.meta.url).href;
const { sqlOnlyInRepositories } = (await import(configUrl)) as {
  sqlOnlyInRepositories: Linter.Config;
};

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const fixture = (name: string) =>
  readFileSync(new URL(`fixtures/sql/${name}`, import.meta.url), 'utf8');

const eslint = new ESLint({
  cwd: repoRoot,
  overrideConfigFile: true,
  overrideConfig: [
    { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } },
    sqlOnlyInRepositories,
  ],
});

async function reportedLines(code: string, filePath: string): Promise<number[]> {
  const [result] = await eslint.lintText(code, { filePath });
  expect(result?.messages.filter((message) => message.fatal)).toEqual([]);
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-syntax')
    .map((message) => message.line);
}

/** The 1-based numbers of the lines marked `// violates: no-restricted-syntax`. */
function markedLines(code: string): number[] {
  return code
    .split('\n')
    .flatMap((line, index) => (line.includes('// violates:') ? [index + 1] : []));
}

describe('SQL only in repositories (ESLint)', () => {
  it('reports every query call in a service, a route and platform code', async () => {
    const code = fixture('service-with-sql.ts');
    expect(markedLines(code)).toHaveLength(3);
    for (const path of [
      'apps/server/src/contexts/progress/quests/quests.service.ts',
      'apps/server/src/contexts/progress/quests/quests.routes.ts',
      'apps/server/src/platform/idempotency.ts',
      'apps/server/src/seed/demo-seed.ts',
    ]) {
      expect(await reportedLines(code, path), path).toEqual(markedLines(code));
    }
  });

  it('lets repositories, db/ and tests beside a module run SQL, and leaves the web app alone', async () => {
    const repository = fixture('repository.ts');
    expect(
      await reportedLines(repository, 'apps/server/src/contexts/progress/q/q.repository.ts'),
    ).toEqual([]);
    expect(await reportedLines(repository, 'apps/server/src/db/database.ts')).toEqual([]);
    const code = fixture('service-with-sql.ts');
    expect(await reportedLines(code, 'apps/web/src/lib/api-client.ts')).toEqual([]);
    expect(await reportedLines(code, 'apps/server/src/contexts/progress/q/q.test.ts')).toEqual([]);
  });

  it('is part of the repository lint (eslint.config.js)', async () => {
    const repositoryLint = new ESLint({ cwd: repoRoot });
    const code = fixture('service-with-sql.ts');
    const path = 'apps/server/src/contexts/progress/quests/quests.service.ts';
    const [result] = await repositoryLint.lintText(code, { filePath: path });
    const lines = (result?.messages ?? [])
      .filter((message) => message.ruleId === 'no-restricted-syntax')
      .map((message) => message.line);
    expect(lines).toEqual(markedLines(code));
  });

  it('does not mistake reading request.query for a query', async () => {
    const code = fixture('service-without-sql.ts');
    expect(await reportedLines(code, 'apps/server/src/contexts/progress/q/q.service.ts')).toEqual(
      [],
    );
  });
});
