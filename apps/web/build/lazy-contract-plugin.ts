import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import type { Plugin } from 'vite';

const CONTRACT = /[\\/]packages[\\/]contract[\\/]src[\\/](?!.*\.test\.ts$)[^\\/]+\.ts$/;
const HELPER = fileURLToPath(new URL('../src/lib/lazy-schema.ts', import.meta.url));
/** Calls that make a declaration rather than a schema: kept as they are, their schemas wrapped. */
const NOT_SCHEMAS = new Set(['endpoint']);

/**
 * In the web app only, each zod schema the contract builds at the top of a module is built on
 * first use instead (src/lib/lazy-schema.ts): `const post = z.object({…})` becomes
 * `const post = lazySchema(() => z.object({…}))`, and so do schemas written inside endpoint
 * declarations. A schema is a call whose chain starts at `z` or at a camelCase name (another
 * schema, or a function making one, such as `pageOf`); SCREAMING_CASE constants and code inside
 * functions are left alone. The server builds its schemas as written: it starts once.
 */
export function lazyContractPlugin(): Plugin {
  return {
    name: 'doers-lazy-contract',
    enforce: 'pre',
    transform(code, id) {
      if (!CONTRACT.test(id.split('?')[0] ?? '')) return null;
      const wrapped = wrapSchemas(code, id);
      return wrapped === code ? null : { code: wrapped, map: null };
    },
  };
}

export function wrapSchemas(code: string, fileName = 'contract.ts'): string {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true);
  const spans: Array<{ start: number; end: number }> = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node)) return;
    if (ts.isCallExpression(node) && makesSchema(node)) {
      spans.push({ start: node.getStart(source), end: node.getEnd() });
      return;
    }
    ts.forEachChild(node, visit);
  };
  for (const statement of source.statements)
    if (ts.isVariableStatement(statement))
      for (const declaration of statement.declarationList.declarations)
        if (declaration.initializer) visit(declaration.initializer);
  if (spans.length === 0) return code;
  let out = code;
  for (const { start, end } of spans.reverse())
    out = `${out.slice(0, start)}__lazySchema(() => ${out.slice(start, end)})${out.slice(end)}`;
  return `import { lazySchema as __lazySchema } from ${JSON.stringify(HELPER)};\n${out}`;
}

function makesSchema(call: ts.CallExpression): boolean {
  let root: ts.Expression = call;
  while (ts.isCallExpression(root) || ts.isPropertyAccessExpression(root)) root = root.expression;
  if (!ts.isIdentifier(root)) return false;
  return root.text === 'z' || (/^[a-z]/.test(root.text) && !NOT_SCHEMAS.has(root.text));
}
