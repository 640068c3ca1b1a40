import { build, type Plugin } from 'vite';

/**
 * Builds the service worker (src/sw/service-worker.ts) into `dist/sw.js` after the app: one
 * self-contained classic script at the site root (scope `/`), never hashed, so the browser finds
 * it at one address and its update check compares bytes; the server sends it with
 * `Cache-Control: no-cache`. It shares no chunk with the app: a worker loads alone.
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
      await build({
        configFile: false,
        logLevel: 'warn',
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
