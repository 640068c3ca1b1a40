// The module boundaries of .dependency-cruiser.cjs fire: the same config that `npm run lint:deps`
// uses runs over a tree with one violation per rule and over a tree that keeps every rule.
// Each tree is tooling/fixtures/boundaries/<name>/ (web, contract and the rules that do not
// depend on the server's order; a violation is marked `// violates: <rule>` on its import line)
// plus server modules generated from the config's own layer order, so that reordering the layers
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
const { serverLayers } = createRequire(import.meta.url)(configFile) as {
  serverLayers: string[][];
};
const modules = serverLayers.flat().filter((name) => name !== 'platform');
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

/** A server that keeps the order: each line's modules use the line below, through services. */
function cleanServer(): Files {
  const files: Files = {};
  const lines = serverLayers.filter((line) => !line.includes('platform'));
  lines.forEach((line, index) => {
    const below = index > 0 ? lines[index - 1]![0] : undefined;
    for (const name of line) {
      files[server(`modules/${name}/${name}.repository.ts`)] =
        `import { query } from '../../db/database.js';\n\n` +
        `export const find = (id: string): string => query(id);\n`;
      files[server(`modules/${name}/${name}.service.ts`)] =
        `import type { Quest } from '../../../../../packages/contract/src/index.js';\n` +
        `import { HttpError } from '../../platform/errors.js';\n` +
        (below ? `import { serve as below } from '../${below}/${below}.service.js';\n` : '') +
        `import { find } from './${name}.repository.js';\n\n` +
        `export const serve = (id: string, quest?: Quest): string =>\n` +
        `  find(id) + ${below ? 'below(id)' : 'HttpError.name'} + (quest?.title ?? '');\n`;
      files[server(`modules/${name}/${name}.routes.ts`)] =
        `import { unauthorized } from '../../platform/authenticate.js';\n` +
        `import { serve } from './${name}.service.js';\n\n` +
        `export const routes = [unauthorized, serve];\n`;
    }
  });
  files[server('app.ts')] =
    modules
      .map((name, i) => `import { routes as r${i} } from './modules/${name}/${name}.routes.js';`)
      .join('\n') +
    `\n\nexport const routes = [${modules.map((_, i) => `...r${i}`).join(', ')}];\n`;
  return files;
}

/** One file per layer rule that imports what the rule forbids, and the violation it makes. */
function layerViolations(): { files: Files; expected: string[] } {
  const files: Files = {};
  const expected: string[] = [];
  const target = (name: string) => {
    files[server(`modules/${name}/layer-target.ts`)] = `export const target = '${name}';\n`;
    return name;
  };
  serverLayers.forEach((line, index) => {
    const above = serverLayers[index + 1]?.[0];
    for (const name of line) {
      const sibling = line.find((other) => other !== name);
      const forbidden = name === 'platform' ? modules[0] : (sibling ?? above);
      if (!forbidden) continue; // the top line has nothing above it
      const to = target(forbidden);
      const from = name === 'platform' ? ['platform', 'db'] : [`modules/${name}`];
      for (const folder of from) {
        const path = server(`${folder}/layer-check.ts`);
        const up = folder
          .split('/')
          .map(() => '..')
          .join('/');
        files[path] =
          `import { target } from '${up}/modules/${to}/layer-target.js';\n\nexport const check = target;\n`;
        expected.push(`${path} violates server-layer:${name}`);
      }
    }
  });
  // Routes reach a repository only through a service.
  const first = modules[0]!;
  files[server(`modules/${first}/${first}.repository.ts`)] = `export const find = 1;\n`;
  files[server(`modules/${first}/${first}.routes.ts`)] =
    `import { find } from './${first}.repository.js';\n\nexport const routes = [find];\n`;
  expected.push(
    `${server(`modules/${first}/${first}.routes.ts`)} violates server-routes-import-repository`,
  );
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
    const layers = layerViolations();
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
    for (const name of modules)
      expect(sources).toContain(server(`modules/${name}/${name}.service.ts`));
    expect(sources).toContain('packages/contract/src/quests.ts');
    expect(sources).toContain('apps/web/src/features/quests/index.ts');
  });
});
