// Builds the server into one ES module, `dist/main.js`, which `npm start` runs with plain Node,
// and PGlite's thread beside it, `dist/pglite-worker.js`.
// Running the TypeScript through tsx costs a loader thread and the compiled sources' caches:
// about 35 MB of resident memory in every server process, and a slower start.
// Packages stay in node_modules (imported as they are); the contract, TypeScript in this
// repository, is bundled in.
//   npx tsx apps/server/build.ts      (npm run build does it)
import { build } from 'esbuild';

const here = new URL('./', import.meta.url);

/** `name`: the file in dist/ (a run of its own, such as the end-to-end suite's, may pick one). */
export async function buildServer(name = 'main.js') {
  await Promise.all([
    bundle('src/main.ts', name),
    // PGlite's thread (src/db/pglite-thread.ts finds it beside the server's bundle).
    bundle('src/db/pglite-worker.ts', 'pglite-worker.js'),
  ]);
}

/**
 * The operator's commands, each bundled like the server: the test suites run them as processes
 * without tsx's loader, which costs every start seconds of CPU (decision 14 has the figures).
 * (`npm run admin` and the others run the sources through tsx; scripts/deploy checks that path.)
 */
export const COMMANDS = {
  admin: 'src/admin-cli.ts',
  backup: 'src/backup-cli.ts',
  restore: 'src/restore-cli.ts',
  migrate: 'src/db/migrate-cli.ts',
} as const;
export type Command = keyof typeof COMMANDS;

/** Bundles every command as `dist/<prefix>-<command>.js`; answers the paths. */
export async function buildCommands(prefix: string): Promise<Record<Command, string>> {
  const names = Object.keys(COMMANDS) as Command[];
  await Promise.all(names.map((c) => bundle(COMMANDS[c], `${prefix}-${c}.js`)));
  return Object.fromEntries(
    names.map((c) => [c, new URL(`dist/${prefix}-${c}.js`, here).pathname]),
  ) as Record<Command, string>;
}

async function bundle(entry: string, name: string) {
  await build({
    entryPoints: [new URL(entry, here).pathname],
    // Always directly in dist/: src/paths.ts finds the package from there.
    outfile: new URL(`dist/${name}`, here).pathname,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    packages: 'external',
    alias: { '@doers/contract': new URL('../../packages/contract/src/index.ts', here).pathname },
    // Errors keep their file and line: a stack trace in the log points into src/.
    sourcemap: 'linked',
    sourcesContent: false,
    logLevel: 'warning',
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();
