import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const HASHED_ASSET = /\/assets\//;
const NO_CACHE = /(index\.html|sw\.js|manifest\.webmanifest|registerSW\.js)$/;

/**
 * Serves the built web app on the API's origin: hashed assets cached for a year, the shell and
 * version.json always revalidated, and index.html for any other path (the SPA decides its 404).
 */
export async function serveWebApp(app: FastifyInstance, webDist: string): Promise<boolean> {
  if (!existsSync(join(webDist, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: webDist,
    index: ['index.html'],
    // The build writes a Brotli and a gzip copy of every text file (apps/web/build/
    // compress-plugin.ts): each request gets the one its Accept-Encoding takes, with Vary.
    preCompressed: true,
    cacheControl: false,
    // The build emits no source maps; should one be left in dist, it is still not served.
    allowedPath: (path) => !path.endsWith('.map'),
    setHeaders(res, filePath) {
      // Which copy was sent depends on Accept-Encoding: caches must keep them apart.
      res.setHeader('vary', 'Accept-Encoding');
      if (filePath.endsWith('version.json')) res.setHeader('cache-control', 'no-store');
      else if (HASHED_ASSET.test(filePath))
        res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      else if (NO_CACHE.test(filePath)) res.setHeader('cache-control', 'no-cache');
      else res.setHeader('cache-control', 'public, max-age=3600');
    },
  });
  return true;
}

export function isSpaRoute(method: string, url: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const path = url.split('?')[0] ?? '/';
  if (path === '/api' || path.startsWith('/api/')) return false;
  // A missing file (an old hashed asset) is a real 404, not the app shell.
  return !HASHED_ASSET.test(path) && !/\.[a-z0-9]{2,5}$/i.test(path);
}
