import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { build, type Plugin } from 'vite';

/** Files of the built app a page needs to open offline (the worker stores them on install). */
export function shellFiles(outDir: string): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
    );
  return walk(outDir)
    .map((file) => `/${relative(outDir, file).split('\\').join('/')}`)
    .filter((path) => !/\.map$|\.br$|\.gz$|^\/sw\.js$|^\/version\.json$/.test(path))
    .sort();
}

/**
 * Builds the service worker (src/sw/service-worker.ts) into `dist/sw.js` after the app: one
 * self-contained classic script at the site root (scope `/`), never hashed, so the browser finds
 * it at one address and its update check compares bytes; the server sends it with
 * `Cache-Control: no-cache`. It shares no chunk with the app: a worker loads alone. The list of
 * the shell's files and an id for this build are written into it, so every new build is a new
 * worker that stores the new shell.
 */
export function serviceWorkerPlugin(entry: string): Plugin {
  let outDir = 'dist';
  return {
    name: 'doers-service-worker',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      const files = shellFiles(outDir);
      const digest = createHash('sha256');
      for (const file of files) digest.update(file).update(readFileSync(join(outDir, file)));
      // Time first: the worker keeps the newest shells by name (offline-cache.ts).
      const buildId = `${Date.now().toString(36)}-${digest.digest('hex').slice(0, 10)}`;
      await build({
        configFile: false,
        logLevel: 'warn',
        define: {
          __SW_BUILD_ID__: JSON.stringify(buildId),
          __SW_PRECACHE__: JSON.stringify(files),
        },
        build: {
          outDir,
          emptyOutDir: false,
          sourcemap: false,
          copyPublicDir: false,
          lib: { entry, formats: ['iife'], name: 'doersServiceWorker', fileName: () => 'sw.js' },
        },
      });
    },
  };
}
