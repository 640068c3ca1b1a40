// The module boundaries of .dependency-cruiser.cjs fire: the same config that `npm run lint:deps`
// uses runs over a fixture tree with one violation per rule (each marked `// violates: <rule>`
// on its import line) and over a clean tree that follows every rule.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import { describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const fixtures = join(repoRoot, 'tooling/fixtures/boundaries');
const configFile = join(repoRoot, '.dependency-cruiser.cjs');

async function cruiseFixture(name: 'violations' | 'clean'): Promise<ICruiseResult> {
  const options = await extractDepcruiseOptions(configFile);
  const { output } = await cruise(['apps', 'packages'], {
    ...options,
    baseDir: join(fixtures, name),
  });
  if (typeof output === 'string') throw new Error('expected a cruise result, got a report');
  return output;
}

/** `<file> violates <rule>` for every import line marked `// violates: <rule>`. */
function markedViolations(root: string): string[] {
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((file) =>
    /\.tsx?$/.test(file),
  );
  return files.flatMap((file) =>
    [...readFileSync(join(root, file), 'utf8').matchAll(/\/\/ violates: (\S+)/g)].map(
      ([, rule]) => `${relative(root, join(root, file))} violates ${rule}`,
    ),
  );
}

describe('module boundaries (dependency-cruiser)', () => {
  it('reports exactly the marked violations, and every rule has one', async () => {
    const result = await cruiseFixture('violations');
    const reported = result.summary.violations.map(
      (violation) => `${violation.from} violates ${violation.rule.name}`,
    );
    expect(reported.sort()).toEqual(markedViolations(join(fixtures, 'violations')).sort());

    const rules = (await extractDepcruiseOptions(configFile)).ruleSet?.forbidden ?? [];
    expect(rules.length).toBeGreaterThan(10);
    const fired = new Set(result.summary.violations.map((violation) => violation.rule.name));
    expect(rules.map((rule) => rule.name).filter((name) => !fired.has(name ?? ''))).toEqual([]);
  });

  it('finds nothing in a tree that keeps every rule', async () => {
    const result = await cruiseFixture('clean');
    expect(result.summary.violations).toEqual([]);
    // The clean tree really was cruised, the contract and cross-feature index imports included.
    expect(result.summary.totalCruised).toBeGreaterThan(20);
    expect(result.modules.map((module) => module.source)).toContain(
      'packages/contract/src/quests.ts',
    );
  });
});
