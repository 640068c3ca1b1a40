// Module boundaries, checked by `npm run lint:deps` (dependency-cruiser) in `npm test`.
// tooling/boundaries.test.ts runs this same config over tooling/fixtures/boundaries/ and expects
// every rule below to fire on a violation and to stay quiet on clean code.

/**
 * The server's layers, bottom → top: platform/ (config, errors, router, authenticate, clock,
 * events, idempotency, rate limits, mail, logger, pagination, web-app) and db/, then each module
 * (a folder under apps/server/src/modules/). A layer may import only the layers below it and
 * the contract; names on the same line never import each other. docs/ARCHITECTURE.md draws the
 * same order; the rules below are generated from this array.
 */
const SERVER_LAYERS = [
  ['platform'], // platform/ and db/: import no module
  ['streaks'], // the pure day and streak calculator
  ['stats'], // the only writer of user_stats
  ['media'], // uploads, checks, transcoding, storage and serving of voice, photos, videos
  ['referrals'], // referral codes and quotas: the User presenter shows the quota
  ['blocks'], // who blocked whom: every module above asks it; modules above register what a block ends
  ['users'],
  ['onboarding'],
  ['vibes'],
  ['quests'],
  ['check-ins', 'rest-days'],
  ['sharing'],
  ['leaderboard'], // this week's check-ins and the longest streaks, from the figures stats keeps
  ['posts'], // posts, the feed's timelines, smiles, hums, voice comments
  ['explore'], // search and the public posts of Explore
  ['dms'], // voice direct messages and who may message whom
  ['activity', 'notifications'],
  ['realtime', 'push'], // the event stream (in-process or Redis) | Web Push delivery
  ['auth'],
  ['admin', 'system', 'billing'], // admin: calls behind a grant read from the database each time | support tiers paid through Stripe
  ['moderation', 'exports'], // reports, the moderation console and its append-only audit log
  ['erasure'], // deleting an account: deactivated at once, erased after the grace days
];

const SERVER = '^apps/server/src/';
const WEB = '^apps/web/src/';
const anyOf = (names) => `(${names.join('|')})`;
const folderOf = (name) =>
  name === 'platform' ? `${SERVER}(platform|db)/` : `${SERVER}modules/${name}/`;
const allModules = SERVER_LAYERS.flat().filter((name) => name !== 'platform');

/**
 * One rule per name: it may not import a module on its own line or on any line above it. (The
 * top line has nothing above it, so it gets no rule.)
 */
const layerRules = SERVER_LAYERS.flatMap((line, index) => {
  const below = SERVER_LAYERS.slice(0, index).flat();
  const sameOrAbove = SERVER_LAYERS.slice(index).flat();
  return line.flatMap((name) => {
    const forbidden = sameOrAbove.filter((other) => other !== name && other !== 'platform');
    if (forbidden.length === 0) return [];
    return {
      name: `server-layer:${name}`,
      comment:
        name === 'platform'
          ? 'platform/ and db/ sit under every module and import none: pass what they need ' +
            'in, or publish an event.'
          : `modules/${name} may import only the contract and the layers below it: ` +
            `${below.join(', ')}. Move the shared rule down, or invert the call with an event.`,
      severity: 'error',
      from: { path: folderOf(name) },
      to: { path: `${SERVER}modules/${anyOf(forbidden)}/` },
    };
  });
});

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...layerRules,
    {
      name: 'server-undeclared-module',
      comment:
        `Every folder under apps/server/src/modules/ takes a place in SERVER_LAYERS ` +
        `(.dependency-cruiser.cjs) and in docs/ARCHITECTURE.md. Declared: ${allModules.join(', ')}.`,
      severity: 'error',
      from: { path: `${SERVER}modules/(?!${anyOf(allModules)}/)` },
      to: {},
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

// For tooling/boundaries.test.ts, which builds its fixture's server modules from this order.
// Not enumerable: dependency-cruiser accepts no keys of its own besides its configuration.
Object.defineProperty(module.exports, 'serverLayers', { value: SERVER_LAYERS });
