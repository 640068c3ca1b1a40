import { dirname, join, relative, resolve, sep } from 'node:path';

/**
 * The web app's import boundaries, on resolved paths (a relative import is resolved from the
 * importing file, so `../../quests/list/…` is caught wherever it is written):
 *
 * - a feature is imported only through its public face, `features/<name>/index.ts(x)`, by other
 *   features and by app/; inside a feature, anything goes;
 * - shared → features → app, one way: components/ and lib/ import neither features/ nor app/,
 *   and a feature never imports app/.
 *
 * Alias-style specifiers (`@/features/…`, `~/app/…`, `src/features/…`) get the same checks,
 * so adding a path alias later cannot open a side door. dependency-cruiser (npm run lint:deps)
 * checks the same boundaries on the whole graph; this rule says it in the editor, at the line.
 */

const SRC = join('apps', 'web', 'src');
const ALIAS = /^(?:[@~#]\/|src\/|\/)?(?:src\/)?((?:features|app|components|lib)(?:\/.*)?)$/;
const INDEX = /^index(\.(tsx?|jsx?))?$/;

/** Where a path sits in the source tree: `{ layer, feature, rest }`, or null outside it. */
function place(pathInSrc) {
  const [layer, name = '', ...rest] = pathInSrc.split('/');
  if (layer === 'features') return { layer, feature: name, rest: rest.join('/') };
  if (layer === 'app' || layer === 'components' || layer === 'lib') return { layer };
  return null;
}

function srcRootOf(filename) {
  const at = filename.lastIndexOf(`${sep}${SRC}${sep}`);
  return at < 0 ? null : filename.slice(0, at + SRC.length + 1);
}

/** @type {import('eslint').Rule.RuleModule} */
const boundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep web features apart and shared → features → app one way.' },
    schema: [],
    messages: {
      internals:
        "'{{source}}' reaches into the {{feature}} feature: import from its index " +
        '(features/{{feature}}), or move what both need to components/ or lib/.',
      sharedUp:
        "'{{source}}': components/ and lib/ are shared by every feature and never import " +
        'features/ or app/.',
      featureToApp: "'{{source}}': a feature never imports app/ (shared → features → app).",
    },
  },
  create(context) {
    const filename = context.filename;
    const root = srcRootOf(filename);
    if (!root) return {};
    const from = place(relative(root, filename).split(sep).join('/'));
    if (!from) return {};

    function targetOf(source) {
      if (source.startsWith('.')) {
        const path = relative(root, resolve(dirname(filename), source));
        return path.startsWith('..') ? null : place(path.split(sep).join('/'));
      }
      const alias = ALIAS.exec(source);
      return alias ? place(alias[1]) : null;
    }

    function check(node) {
      const source = node?.type === 'Literal' ? node.value : null;
      if (typeof source !== 'string') return;
      const to = targetOf(source);
      if (!to) return;
      const report = (messageId, data = {}) =>
        context.report({ node, messageId, data: { source, ...data } });
      if (from.layer === 'components' || from.layer === 'lib') {
        if (to.layer === 'features' || to.layer === 'app') report('sharedUp');
        return;
      }
      if (from.layer === 'features' && to.layer === 'app') return report('featureToApp');
      const sameFeature = from.layer === 'features' && from.feature === to.feature;
      if (to.layer === 'features' && !sameFeature && to.rest !== '' && !INDEX.test(to.rest)) {
        report('internals', { feature: to.feature });
      }
    }

    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export const webBoundaries = { rules: { boundaries } };
