import { basename, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compressPlugin } from './build/compress-plugin.js';
import { feedPreloadPlugin } from './build/feed-preload-plugin.js';
import { lazyContractPlugin } from './build/lazy-contract-plugin.js';
import { preactAliases } from './build/preact-aliases.js';
import { serviceWorkerPlugin } from './build/service-worker-plugin.js';
import { stylesheetPlugin } from './build/stylesheet-plugin.js';
import { versionPlugin } from './build/version-plugin.js';
import { zodWithoutJsonSchemaPlugin } from './build/zod-without-json-schema-plugin.js';

// The API lives on the Fastify server; in dev and preview the browser still talks to one origin.
const apiProxy = { '/api': { target: 'http://localhost:3000', changeOrigin: false } };

export default defineConfig({
  plugins: [
    lazyContractPlugin(),
    zodWithoutJsonSchemaPlugin(),
    react(),
    feedPreloadPlugin(),
    stylesheetPlugin(),
    versionPlugin(fileURLToPath(new URL('./package.json', import.meta.url))),
    serviceWorkerPlugin(fileURLToPath(new URL('./src/sw/service-worker.ts', import.meta.url))),
    compressPlugin(),
  ],
  resolve: { alias: preactAliases },
  server: { port: 5173, proxy: apiProxy },
  preview: { port: 4173, proxy: apiProxy },
  build: {
    outDir: 'dist',
    // No source maps: the app's source is not published with it (no .map file, no
    // sourceMappingURL comment); the server also refuses to serve a .map file.
    sourcemap: false,
    // One stylesheet for the whole app (~15 KB in Brotli): the first screen waits on one request
    // instead of one per component, and no later screen waits on a stylesheet at all.
    cssCodeSplit: false,
    rolldownOptions: {
      onwarn(warning, warn) {
        // React Router looks up React 19's useOptimistic by name and does without it when absent,
        // as under preact/compat: nothing is undefined at run time.
        if (warning.code === 'IMPORT_IS_UNDEFINED' && warning.message.includes('useOptimistic'))
          return;
        warn(warning);
      },
      treeshake: {
        // The contract is declarations only (schemas, constants), as if its package.json said
        // "sideEffects": false. Without this, importing anything from it puts all of it in the
        // first load, quest schemas included; with it, each part travels with the code using it.
        moduleSideEffects: [
          { test: /[\\/]packages[\\/]contract[\\/]src[\\/]/, sideEffects: false },
          // The app's own modules run nothing when imported (src/imports-for-effect.test.ts
          // keeps it so): a module none of whose exports the code uses is left out. A feature's
          // index re-exports much; the sign-in page takes what it calls, not the voice recorder
          // and the upload client behind a re-export.
          {
            test: /[\\/]apps[\\/]web[\\/]src[\\/](?!main\.tsx$|lib[\\/]zod-without-eval\.ts$).*\.tsx?$/,
            sideEffects: false,
          },
        ],
      },
      output: {
        // A feature's lazy.ts (its screens loaded on demand) names its chunk after the feature;
        // a library loaded on first use (jsqr, idb, eventsource-parser), after its package
        // rather than its entry file (idb's is build/index.js).
        chunkFileNames: ({ name, facadeModuleId }) => {
          if (name === 'lazy' && facadeModuleId)
            return `assets/${basename(dirname(facadeModuleId))}-lazy-[hash].js`;
          const library = facadeModuleId?.match(/node_modules[\\/]([\w.-]+)[\\/]/)?.[1];
          return `assets/${library ?? name}-[hash].js`;
        },
        // Libraries change far less often than the app: separate chunks stay cached across
        // deploys, so an update downloads only the app's own code.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              // Preact under the names react and react-dom (build/preact-aliases.ts).
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|preact)[\\/]/,
            },
            // Only what the first screen needs: the query cache, the auth store, and zod (the
            // API client checks auth responses against the contract). A library used by lazy
            // screens alone, such as jsQR, stays out and loads with the screen that needs it.
            // zod-without-eval travels with zod: in the entry chunk it would run after the
            // chunks that build schemas.
            {
              name: 'vendor',
              test: /node_modules[\\/](@tanstack[\\/](query-core|react-query)|zustand|zod)[\\/]|src[\\/]lib[\\/]zod-without-eval/,
            },
            // The app's small shared modules in one file: the UI kit, lib/ (but the upload clients,
            // media-upload and resumable-upload with tus: 13 KB of Brotli only screens that upload
            // load), the app frame, and each feature's public face
            // (index, query keys, tutorial markers). Left to itself the bundler made two dozen
            // files of them, and on a slow network each is a round trip before the first screen
            // paints (docs/decisions/0015-first-screen-on-a-phone.md).
            {
              name: 'common',
              test: /[\\/]apps[\\/]web[\\/]src[\\/](components[\\/]ui|lib|app)[\\/](?!media-upload|resumable-upload)|[\\/]features[\\/][^\\/]+[\\/](index\.ts|[^\\/]*-keys\.ts|lib[\\/]tutorial-markers\.ts)$/,
            },
          ],
        },
      },
    },
  },
});
