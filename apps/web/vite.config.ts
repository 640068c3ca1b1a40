import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { versionPlugin } from './build/version-plugin.js';

// The API lives on the Fastify server; in dev and preview the browser still talks to one origin.
const apiProxy = { '/api': { target: 'http://localhost:3000', changeOrigin: false } };

export default defineConfig({
  plugins: [react(), versionPlugin(fileURLToPath(new URL('./package.json', import.meta.url)))],
  server: { port: 5173, proxy: apiProxy },
  preview: { port: 4173, proxy: apiProxy },
  build: {
    outDir: 'dist',
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Libraries change far less often than the app: separate chunks stay cached across
        // deploys, so an update downloads only the app's own code.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
            },
            // jsQR stays out: it is loaded on demand when someone starts the camera.
            { name: 'vendor', test: /node_modules[\\/](?!jsqr[\\/])/ },
          ],
        },
      },
    },
  },
});
