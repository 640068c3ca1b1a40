import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const config = createRequire(import.meta.url)(`${root}.dependency-cruiser.cjs`) as {
  serverContexts: [string, string[]][];
};
const contextsDir = `${root}apps/server/src/contexts`;

/** The context map drawn in docs/ARCHITECTURE.md, bottom line first, like SERVER_CONTEXTS. */
function documentedContexts(): [string, string[]][] {
  const doc = readFileSync(`${root}docs/ARCHITECTURE.md`, 'utf8');
  const block = /<!-- context-order[^>]*-->\s*```\n([\s\S]*?)```/.exec(doc)?.[1];
  if (!block) throw new Error('docs/ARCHITECTURE.md has no context-order block');
  return block
    .split('\n')
    .filter((line) => /^\S/.test(line))
    .map((line): [string, string[]] => {
      const [name, modules = ''] = line.split(':');
      return [name!, modules.trim().split(/\s+/).filter(Boolean)];
    })
    .reverse();
}

const folders = (dir: string) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

describe('the context map', () => {
  it('is the same in docs/ARCHITECTURE.md and in the dependency checker', () => {
    expect(documentedContexts()).toEqual(config.serverContexts);
  });

  it('places every context folder, and every module folder in its context', () => {
    const declared = config.serverContexts.filter(([name]) => name !== 'platform');
    expect(declared.map(([name]) => name).sort()).toEqual(folders(contextsDir));
    for (const [name, modules] of declared)
      expect([...modules].sort(), `modules of ${name}`).toEqual(folders(`${contextsDir}/${name}`));
  });
});
