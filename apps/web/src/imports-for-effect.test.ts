import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The production build takes the app's modules as running nothing when imported
// (vite.config.ts, moduleSideEffects): a module whose exports nobody uses is left out. So an
// import only for what a module does would be an import of nothing. Stylesheets, and the one
// module that must run before any schema is built, are the only imports for effect.
const src = fileURLToPath(new URL('.', import.meta.url));
const ALLOWED = [/\.css$/, /^\.\/lib\/zod-without-eval$/];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'sw' ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe("the app's imports for effect", () => {
  it('are stylesheets, and zod-without-eval from main.tsx, only', () => {
    const found: string[] = [];
    for (const file of sources(src)) {
      for (const [, target] of readFileSync(file, 'utf8').matchAll(
        /^import\s+['"]([^'"]+)['"]/gm,
      )) {
        if (!ALLOWED.some((allowed) => allowed.test(target!))) {
          found.push(`${relative(src, file)}: import '${target}'`);
        }
      }
    }
    expect(found).toEqual([]);
  });
});
