// The module boundaries of .dependency-cruiser.cjs fire: the same config that `npm run lint:deps`
// uses runs over a tree with one violation per rule and over a tree that keeps every rule.
// Each tree is tooling/fixtures/boundaries/<name>/ (web, contract and the rules that do not
// depend on the server's order; a violation is marked `// violates: <rule>` on its import line)
// plus server contexts generated from the config's own order, so that reordering the contexts
// keeps this test true without editing fixtures.
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import { afterAll, describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const fixtures = join(repoRoot, 'tooling/fixtures/boundaries');
const configFile = join(repoRoot, '.dependency-cruiser.cjs');
const { serverContexts } = createRequire(import.meta.url)(configFile) as {
  serverContexts: [string, string[]][];
};
/** The contexts above platform, bottom first, each with the first of its modules. */
const contexts = serverContexts
  .filter(([name]) => name !== 'platform')
  .map(([name, modules]) => ({ name, module: modules[0]! }));
const work = mkdtempSync(join(tmpdir(), 'doers-boundaries-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

type Files = Record<string, string>;

function write(root: string, files: Files): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

const server = (path: string) => `apps/server/src/${path}`;
const moduleOf = ({ name, module }: { name: string; module: string }) =>
  `contexts/${name}/${module}`;

/**
 * A server that keeps the order: each context's module uses the context below through its
 * public face, and a sibling module of its own context directly.
 */
function cleanServer(): Files {
  const files: Files = {};
  contexts.forEach((context, index) => {
    const below = index > 0 ? contexts[index - 1]!.name : undefined;
    const folder = moduleOf(context);
    files[server(`${folder}/${context.module}.repository.ts`)] =
      `import { query } from '../../../db/database.js';\n` +
      `import { WriteBatcher } from '../../../platform/write-batcher.js';\n\n` +
      `export const find = (id: string): string => query(id) + WriteBatcher.name;\n`;
    files[server(`${folder}/${context.module}.service.ts`)] =
      `import type { Quest } from '../../../../../../packages/contract/src/index.js';\n` +
      `import { HttpError } from '../../../platform/errors.js';\n` +
      (below ? `import { serve as below } from '../../${below}/index.js';\n` : '') +
      `import { helper } from '../sibling/sibling.js';\n` +
      `import { find } from './${context.module}.repository.js';\n\n` +
      `export const serve = (id: string, quest?: Quest): string =>\n` +
      `  find(id) + helper + ${below ? 'below(id)' : 'HttpError.name'} + (quest?.title ?? '');\n`;
    files[server(`contexts/${context.name}/sibling/sibling.ts`)] = `export const helper = 'h';\n`;
    files[server(`${folder}/${context.module}.routes.ts`)] =
      `import { unauthorized } from '../../../platform/authenticate.js';\n` +
      `import { serve } from './${context.module}.service.js';\n\n` +
      `export const routes = [unauthorized, serve];\n`;
    files[server(`contexts/${context.name}/index.ts`)] =
      `export { serve } from './${context.module}/${context.module}.service.js';\n`;
  });
  // A test beside its module builds parts of any context, as app.ts does.
  const [bottom, top] = [contexts[0]!, contexts.at(-1)!];
  files[server(`${moduleOf(top)}/${top.module}.test.ts`)] =
    `import { find } from '../../${bottom.name}/${bottom.module}/${bottom.module}.repository.js';\n\n` +
    `export const check = find;\n`;
  files[server('app.ts')] =
    contexts
      .map(
        (context, i) =>
          `import { routes as r${i} } from './${moduleOf(context)}/${context.module}.routes.js';`,
      )
      .join('\n') +
    `\n\nexport const routes = [${contexts.map((_, i) => `...r${i}`).join(', ')}];\n`;
  files[server('platform/write-batcher.ts')] = `export class WriteBatcher {}\n`;
  return files;
}

/** One file per rule of the order and of the public faces, and the violation each makes. */
function contextViolations(): { files: Files; expected: string[] } {
  const files: Files = {};
  const expected: string[] = [];
  const target = (context: (typeof contexts)[number]) => {
    files[server(`contexts/${context.name}/index.ts`)] = `export const face = '${context.name}';\n`;
    files[server(`${moduleOf(context)}/inside.ts`)] = `export const inside = 1;\n`;
  };
  contexts.forEach(target);
  // Each context (and platform) imports the public face of the context above it.
  serverContexts.forEach(([name], index) => {
    const above = serverContexts[index + 1]?.[0];
    if (!above) return; // the top context has nothing above it
    const folders =
      name === 'platform'
        ? ['platform', 'db']
        : [`contexts/${name}/${contexts.find((c) => c.name === name)!.module}`];
    for (const folder of folders) {
      const up = folder
        .split('/')
        .map(() => '..')
        .join('/');
      const path = server(`${folder}/order-check.ts`);
      files[path] =
        `import { face } from '${up}/contexts/${above}/index.js';\n\nexport const check = face;\n`;
      expected.push(`${path} violates server-context:${name}`);
    }
  });
  // The top context reaches past the public face of the one below it.
  const top = contexts.at(-1)!;
  const under = contexts.at(-2)!;
  const past = server(`${moduleOf(top)}/past-the-face.ts`);
  files[past] =
    `import { inside } from '../../../${moduleOf(under)}/inside.js';\n\nexport const check = inside;\n`;
  expected.push(`${past} violates server-context-internals`);
  // Routes reach a repository only through a service.
  const first = contexts[0]!;
  files[server(`${moduleOf(first)}/${first.module}.repository.ts`)] = `export const find = 1;\n`;
  files[server(`${moduleOf(first)}/${first.module}.routes.ts`)] =
    `import { find } from './${first.module}.repository.js';\n\nexport const routes = [find];\n`;
  expected.push(
    `${server(`${moduleOf(first)}/${first.module}.routes.ts`)} violates server-routes-import-repository`,
  );
  // A service batches its own writes instead of leaving that to its repository.
  files[server('platform/write-batcher.ts')] = `export class WriteBatcher {}\n`;
  const batching = server(`${moduleOf(first)}/${first.module}.service.ts`);
  files[batching] =
    `import { WriteBatcher } from '../../../platform/write-batcher.js';\n\n` +
    `export const writes = new WriteBatcher();\n`;
  expected.push(`${batching} violates server-speed-behind-repositories`);
  return { files, expected };
}

/** `<file> violates <rule>` for every import line marked `// violates: <rule>`. */
function markedViolations(root: string): string[] {
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((file) =>
    /\.tsx?$/.test(file),
  );
  return files.flatMap((file) =>
    [...readFileSync(join(root, file), 'utf8').matchAll(/\/\/ violates: (\S+)/g)].map(
      ([, rule]) => `${file} violates ${rule}`,
    ),
  );
}

async function cruiseTree(name: 'violations' | 'clean', generated: Files): Promise<ICruiseResult> {
  const root = join(work, name);
  cpSync(join(fixtures, name), root, { recursive: true });
  write(root, generated);
  const options = await extractDepcruiseOptions(configFile);
  const { output } = await cruise(['apps', 'packages'], { ...options, baseDir: root });
  if (typeof output === 'string') throw new Error('expected a cruise result, got a report');
  return output;
}

describe('module boundaries (dependency-cruiser)', () => {
  it('reports exactly the planted violations, and every rule has one', async () => {
    const layers = contextViolations();
    const result = await cruiseTree('violations', layers.files);
    const reported = result.summary.violations.map(
      (violation) => `${violation.from} violates ${violation.rule.name}`,
    );
    const expected = [...markedViolations(join(fixtures, 'violations')), ...layers.expected];
    expect(reported.sort()).toEqual(expected.sort());

    const rules = (await extractDepcruiseOptions(configFile)).ruleSet?.forbidden ?? [];
    const fired = new Set(reported.map((line) => line.split(' violates ')[1]));
    expect(rules.map((rule) => rule.name).filter((name) => !fired.has(name ?? ''))).toEqual([]);
    expect(fired.size).toBeGreaterThan(10);
  });

  it('finds nothing in a tree that keeps every rule', async () => {
    const result = await cruiseTree('clean', cleanServer());
    expect(result.summary.violations).toEqual([]);
    // The tree really was cruised: every module, the contract, cross-feature index imports.
    const sources = result.modules.map((module) => module.source);
    for (const context of contexts)
      expect(sources).toContain(server(`${moduleOf(context)}/${context.module}.service.ts`));
    expect(sources).toContain('packages/contract/src/quests.ts');
    expect(sources).toContain('apps/web/src/features/quests/index.ts');
  });
});
