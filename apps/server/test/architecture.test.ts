import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const config = createRequire(import.meta.url)(`${root}.dependency-cruiser.cjs`) as {
  serverLayers: string[][];
};

/** The module order drawn in docs/ARCHITECTURE.md, bottom line first, like SERVER_LAYERS. */
function documentedLayers(): string[][] {
  const doc = readFileSync(`${root}docs/ARCHITECTURE.md`, 'utf8');
  const block = /<!-- module-order[^>]*-->\s*```\n([\s\S]*?)```/.exec(doc)?.[1];
  if (!block) throw new Error('docs/ARCHITECTURE.md has no module-order block');
  return block
    .split('\n')
    .filter((line) => /^\S/.test(line))
    .map((line) => line.split(/\s{2,}/)[0]!.split(' | '))
    .reverse();
}

describe('the module order', () => {
  it('is the same in docs/ARCHITECTURE.md and in the dependency checker', () => {
    expect(documentedLayers()).toEqual(config.serverLayers);
  });

  it('places every module folder', () => {
    const modules = readdirSync(`${root}apps/server/src/modules`).sort();
    expect(
      config.serverLayers
        .flat()
        .filter((m) => m !== 'platform')
        .sort(),
    ).toEqual(modules);
  });
});
