// Module boundaries, checked by `npm run lint:deps` (dependency-cruiser) in `npm test`.
// tooling/boundaries.test.ts runs this same config over tooling/fixtures/boundaries/ and expects
// every rule below to fire on a violation and to stay quiet on clean code.

/**
 * The server's bounded contexts, bottom → top: platform/ (config, errors, router, authenticate,
 * clock, events, idempotency, rate limits, mail, logger, pagination, web-app) and db/, then each
 * context, a folder under apps/server/src/contexts/ holding its modules. A context may import only
 * the contexts below it and the contract, and another context only through its public face
 * (contexts/<context>/index.ts); inside a context, modules use each other freely.
 * docs/ARCHITECTURE.md draws the same order; the rules below are generated from this array.
 */
const SERVER_CONTEXTS = [
  ['platform', []], // platform/ and db/: import no context
  ['media', ['media', 'transcripts']], // uploads, transcoding, storage, serving; voice notes' transcripts
  ['people', ['referrals', 'blocks']], // who invited whom, who blocked whom: asked by everything above
  ['progress', ['streaks', 'stats', 'quests', 'rest-days', 'leaderboard']], // quests and streaks
  ['accounts', ['users', 'onboarding', 'billing']], // people's accounts, profiles, sessions, support tiers
  ['social', ['vibes', 'sharing', 'posts', 'explore', 'activity']], // vibes, shared quests, posts and the feed
  ['messaging', ['dms', 'notifications', 'realtime', 'push']], // voice messages, notifications, the stream, push
  ['trust', ['auth', 'admin', 'system', 'moderation', 'exports', 'erasure']], // signing in, admin, moderation, your data
];

const SERVER = '^apps/server/src/';
const WEB = '^apps/web/src/';
const anyOf = (names) => `(${names.join('|')})`;
/**
 * A test beside its module builds real parts of any context, as app.ts does: the order and the
 * public faces bind the code that runs, not the tests that assemble it.
 */
const TESTS = '\\.test\\.ts$';
/** Group commits and the kept copies (feed pages, session users, rankings) repositories hide. */
const SPEED_MACHINERY = `(${SERVER}platform/write-batcher|/feed-cache|/session-user-cache|/kept-rankings)\\.ts$`;
const contextNames = SERVER_CONTEXTS.map(([name]) => name).filter((name) => name !== 'platform');
const folderOf = (name) =>
  name === 'platform' ? `${SERVER}(platform|db)/` : `${SERVER}contexts/${name}/`;

/**
 * One rule per context: it may not import a context above it. (The top one has nothing above
 * it, so it gets no rule.)
 */
const contextRules = SERVER_CONTEXTS.flatMap(([name], index) => {
  const below = SERVER_CONTEXTS.slice(0, index).map(([other]) => other);
  const above = contextNames.filter((other) => !below.includes(other) && other !== name);
  if (above.length === 0) return [];
  return {
    name: `server-context:${name}`,
    comment:
      name === 'platform'
        ? 'platform/ and db/ sit under every context and import none: pass what they need ' +
          'in, or publish an event.'
        : `contexts/${name} may import only the contract and the contexts below it: ` +
          `${below.join(', ')}. Move the shared rule down, or invert the call with an event.`,
    severity: 'error',
    from: { path: folderOf(name), pathNot: TESTS },
    to: { path: `${SERVER}contexts/${anyOf(above)}/` },
  };
});

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...contextRules,
    {
      name: 'server-undeclared-context',
      comment:
        `Every folder under apps/server/src/contexts/ takes a place in SERVER_CONTEXTS ` +
        `(.dependency-cruiser.cjs) and in docs/ARCHITECTURE.md. Declared: ${contextNames.join(', ')}.`,
      severity: 'error',
      from: { path: `${SERVER}contexts/(?!${anyOf(contextNames)}/)` },
      to: {},
    },
    {
      name: 'server-context-internals',
      comment:
        "A context uses another only through that context's public face, " +
        'contexts/<context>/index.ts: export what it offers there.',
      severity: 'error',
      from: { path: `${SERVER}contexts/([^/]+)/`, pathNot: TESTS },
      to: {
        path: `${SERVER}contexts/[^/]+/`,
        pathNot: [`${SERVER}contexts/$1/`, `${SERVER}contexts/[^/]+/index\\.ts$`],
      },
    },
    {
      name: 'server-routes-import-repository',
      comment:
        'Routes parse, authorize and call a service; only services talk to repositories ' +
        '(SQL lives in *.repository.ts).',
      severity: 'error',
      from: { path: `${SERVER}.+\\.routes\\.ts$` },
      to: { path: '\\.repository\\.ts$' },
    },
    {
      name: 'server-speed-behind-repositories',
      comment:
        "Batching and kept copies are a repository's business: services read, decide, write and " +
        'publish, and never tell a cache what changed (docs/ARCHITECTURE.md, "Caches live behind ' +
        'repositories").',
      severity: 'error',
      from: {
        path: `${SERVER}contexts/`,
        // A context's face may hand a cache's type on to another context's repository.
        pathNot: [
          TESTS,
          '\\.repository\\.ts$',
          SPEED_MACHINERY,
          `${SERVER}contexts/[^/]+/index\\.ts$`,
        ],
      },
      to: { path: SPEED_MACHINERY },
    },
    {
      name: 'no-cycles',
      comment: 'No import cycles anywhere: a cycle makes two modules one without saying so.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'web-feature-internals',
      comment:
        "A web feature imports another feature only through that feature's index.ts(x); " +
        'what several features need belongs in components/ or lib/.',
      severity: 'error',
      from: { path: `${WEB}features/([^/]+)/` },
      to: {
        path: `${WEB}features/[^/]+/`,
        pathNot: [`${WEB}features/$1/`, `${WEB}features/[^/]+/index\\.tsx?$`],
      },
    },
    {
      name: 'web-shared-imports-feature-or-app',
      comment:
        'components/ and lib/ are shared by every feature: they never import features/ or app/.',
      severity: 'error',
      from: { path: `${WEB}(components|lib)/` },
      to: { path: `${WEB}(features|app)/` },
    },
    {
      name: 'web-feature-imports-app',
      comment: 'shared → features → app: a feature never imports app/ (the router, the layouts).',
      severity: 'error',
      from: { path: `${WEB}features/` },
      to: { path: `${WEB}app/` },
    },
    {
      name: 'contract-imports-app',
      comment: 'packages/contract is imported by both apps and imports neither.',
      severity: 'error',
      from: { path: '^packages/contract/' },
      to: { path: '^apps/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/' },
    // Type-only imports are dependencies too: they count for the order and for cycles.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};

// For tooling/boundaries.test.ts, which builds its fixture's server contexts from this order,
// and apps/server/test/architecture.test.ts. Not enumerable: dependency-cruiser accepts no keys
// of its own besides its configuration.
Object.defineProperty(module.exports, 'serverContexts', { value: SERVER_CONTEXTS });
