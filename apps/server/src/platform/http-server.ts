import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import { compressAnswers } from './compression.js';
import { readTimezone } from './authenticate.js';
import type { Config } from './config.js';
import { ConnectionDrain } from './connection-drain.js';
import { Draining } from './draining.js';
import { HttpError, installErrorHandling } from './errors.js';
import { loggerOptions, type LogStream } from './logger.js';
import { securityHeaders } from './security-headers.js';
import { fastifyTrustProxy } from './trust-proxy.js';
import { isSpaRoute, serveWebApp } from './web-app.js';

/** A GET answered on Node's own request and response, without Fastify (see below). */
export type OutsideRoute = (request: IncomingMessage, response: ServerResponse) => void;

const outsideRoutes = new WeakMap<FastifyInstance, Map<string, OutsideRoute>>();

/**
 * Answers GET `path` before Fastify sees it. For a response held open for hours (the realtime
 * stream), Fastify's request, reply, logger and hooks would live as long as it does, and every
 * idle stream would pay for them (docs/decisions/0011-realtime-stream.md, "Measured"). Such a
 * route authenticates and answers its errors itself (realtime.routes.ts).
 */
export function routeOutsideFastify(app: FastifyInstance, path: string, route: OutsideRoute) {
  outsideRoutes.get(app)!.set(path, route);
}

/**
 * The HTTP server every request meets before any module: logging, body limit, the proxies it
 * trusts, JSON errors, the caller's zone (X-Timezone) and the security headers; and, once the
 * server starts to stop (`app.draining`), no new connection and every request under way answered.
 */
export async function createHttpServer(
  config: Config,
  logStream: LogStream | undefined,
): Promise<FastifyInstance> {
  const outside = new Map<string, OutsideRoute>();
  let connections: ConnectionDrain | undefined;
  const app = Fastify({
    serverFactory: (fastify) => {
      const server = createServer((request, response) => {
        connections?.track(request, response);
        const route = request.method === 'GET' ? outside.get(pathOf(request.url)) : undefined;
        if (route) route(request, response);
        else fastify(request, response);
      });
      connections = new ConnectionDrain(server);
      return server;
    },
    logger: loggerOptions(config.logLevel, logStream),
    bodyLimit: 100 * 1024,
    trustProxy: fastifyTrustProxy(config.trustProxy),
  });
  outsideRoutes.set(app, outside);
  const draining = new Draining(app.log);
  draining.onStart(async () => {
    await connections?.drain();
    app.log.info(
      { answered: connections?.answeredWhileDraining },
      'draining: every connection closed',
    );
  });
  app.decorate('draining', draining);
  installErrorHandling(app);
  app.decorateRequest('auth', null);
  app.decorateRequest('timezone', undefined);
  app.addHook('onRequest', async (request) => {
    request.timezone = readTimezone(request);
  });
  securityHeaders(app, { webDist: config.webDist, publicUrl: config.publicUrl });
  await compressAnswers(app);
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

const pathOf = (url = '') => {
  const query = url.indexOf('?');
  return query < 0 ? url : url.slice(0, query);
};
