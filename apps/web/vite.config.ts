import { basename, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { serviceWorkerPlugin } from './build/service-worker-plugin.js';
import { versionPlugin } from './build/version-plugin.js';

// The API lives on the Fastify server; in dev and preview the browser still talks to one origin.
const apiProxy = { '/api': { target: 'http://localhost:3000', changeOrigin: false } };

export default defineConfig({
  plugins: [
    react(),
    versionPlugin(fileURLToPath(new URL('./package.json', import.meta.url))),
    serviceWorkerPlugin(fileURLToPath(new URL('./src/sw/service-worker.ts', import.meta.url))),
  ],
  server: { port: 5173, proxy: apiProxy },
  preview: { port: 4173, proxy: apiProxy },
  build: {
    outDir: 'dist',
    // No source maps: the app's source is not published with it (no .map file, no
    // sourceMappingURL comment); the server also refuses to serve a .map file.
    sourcemap: false,
    rolldownOptions: {
      treeshake: {
        // The contract is declarations only (schemas, constants), as if its package.json said
        // "sideEffects": false. Without this, importing anything from it puts all of it in the
        // first load, quest schemas included; with it, each part travels with the code using it.
        moduleSideEffects: [
          { test: /[\\/]packages[\\/]contract[\\/]src[\\/]/, sideEffects: false },
        ],
      },
      output: {
        // A feature's lazy.ts (its screens loaded on demand) names its chunk after the feature.
        chunkFileNames: ({ name, facadeModuleId }) =>
          name === 'lazy' && facadeModuleId
            ? `assets/${basename(dirname(facadeModuleId))}-lazy-[hash].js`
            : 'assets/[name]-[hash].js',
        // Libraries change far less often than the app: separate chunks stay cached across
        // deploys, so an update downloads only the app's own code.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
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
          ],
        },
      },
    },
  },
});
