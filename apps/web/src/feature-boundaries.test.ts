import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The repository's own ESLint config, run on small fixtures placed at given paths of the source
// tree: the boundary rule must fire on each way across a boundary and stay quiet otherwise.
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const eslint = new ESLint({ cwd: repoRoot });

async function problems(code: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `apps/web/src/${file}` });
  expect(result?.messages.filter((message) => message.fatal)).toEqual([]);
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'doers-web/boundaries')
    .map((message) => message.message);
}

const ACTIVITY = 'features/activity/components/timeline.tsx';

describe('web import boundaries (ESLint)', () => {
  it("reports a feature reaching into another's internals, however it is spelled", async () => {
    for (const source of [
      '../../quests/list/components/quest-card',
      '../../quests/lazy',
      '../../../features/quests/quest-keys',
      '@/features/quests/list/components/quest-card',
      'src/features/quests/common/lib/quest-labels',
    ]) {
      const code = `import { x } from '${source}';\nexport const y = x;\n`;
      expect(await problems(code, ACTIVITY), source).toEqual([
        `'${source}' reaches into the quests feature: import from its index ` +
          '(features/quests), or move what both need to components/ or lib/.',
      ]);
    }
  });

  it('reports re-exports and dynamic imports too', async () => {
    const code = [
      "export { QuestCard } from '../../quests/list/components/quest-card';",
      "export const load = () => import('../../quests/lazy');",
    ].join('\n');
    expect(await problems(code, ACTIVITY)).toHaveLength(2);
  });

  it('lets features meet through an index, and a feature use its own internals', async () => {
    const code = [
      "import { questKeys } from '../../quests';",
      "import { questRoutes } from '../../quests/index';",
      "import { useActivity } from '../api/use-activity';",
      "import { Button } from '../../../components/ui/button';",
      'export { questKeys, questRoutes, useActivity, Button };',
    ].join('\n');
    expect(await problems(code, ACTIVITY)).toEqual([]);
    const sameFeature =
      "import { useQuest } from '../../common/api/use-quest';\nexport { useQuest };";
    expect(await problems(sameFeature, 'features/quests/list/components/x.tsx')).toEqual([]);
  });

  it('keeps shared → features → app one way', async () => {
    const fromLib = "import { questKeys } from '../features/quests';\nexport { questKeys };";
    expect(await problems(fromLib, 'lib/anything.ts')).toHaveLength(1);
    const fromUi = "import { router } from '../../app/router';\nexport { router };";
    expect(await problems(fromUi, 'components/ui/anything.tsx')).toHaveLength(1);
    const fromFeature = "import { router } from '../../../app/router';\nexport { router };";
    expect(await problems(fromFeature, ACTIVITY)).toEqual([
      "'../../../app/router': a feature never imports app/ (shared → features → app).",
    ]);
  });

  it('holds the app to the same public faces', async () => {
    const code = "import { QuestsPage } from '../features/quests/lazy';\nexport { QuestsPage };";
    expect(await problems(code, 'app/router.tsx')).toHaveLength(1);
  });
});
