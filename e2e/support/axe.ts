import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

type AxeResult = {
  violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
};

/** Runs axe-core in the page; fails on any serious or critical violation. */
export async function expectNoSeriousA11yIssues(page: Page): Promise<void> {
  // Evaluated, not added as a <script>: the app's Content-Security-Policy refuses inline scripts.
  // Once per document: the app moves between screens without loading a new one.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  // A dialog or toast still fading in has the contrast of half its colours: measure at rest.
  // Endless animations (a recording's pulse, a spinner) never finish and are left running.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const result = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<AxeResult> } }
    ).axe;
    return axe.run(document, { resultTypes: ['violations'] });
  });
  const serious = result.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(
    serious.map((v) => `${v.id}: ${v.help} → ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}
