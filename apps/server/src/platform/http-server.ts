import Fastify, { type FastifyInstance } from 'fastify';
import { readTimezone } from './authenticate.js';
import type { Config } from './config.js';
import { HttpError, installErrorHandling } from './errors.js';
import { loggerOptions, type LogStream } from './logger.js';
import { securityHeaders } from './security-headers.js';
import { fastifyTrustProxy } from './trust-proxy.js';
import { isSpaRoute, serveWebApp } from './web-app.js';

/**
 * The HTTP server every request meets before any module: logging, body limit, the proxies it
 * trusts, JSON errors, the caller's zone (X-Timezone) and the security headers.
 */
export async function createHttpServer(
  config: Config,
  logStream: LogStream | undefined,
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, logStream),
    bodyLimit: 100 * 1024,
    trustProxy: fastifyTrustProxy(config.trustProxy),
  });
  installErrorHandling(app);
  app.decorateRequest('auth', null);
  app.decorateRequest('timezone', undefined);
  app.addHook('onRequest', async (request) => {
    request.timezone = readTimezone(request);
  });
  securityHeaders(app, { webDist: config.webDist, publicUrl: config.publicUrl });
  return app;
}

/**
 * After the API: the built web app, and for any other address its index.html (the app's own
 * router shows the page, or its 404) or, for an API path or a file, a JSON 404.
 */
export async function serveWebAppLast(app: FastifyInstance, webDist: string): Promise<void> {
  const hasWebApp = await serveWebApp(app, webDist);
  app.setNotFoundHandler(async (request, reply) => {
    if (hasWebApp && isSpaRoute(request.method, request.url)) {
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    }
    throw new HttpError(404, `No route ${request.method} ${request.url.split('?')[0]}`);
  });
}
