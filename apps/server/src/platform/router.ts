import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { AnyEndpoint, ParsedInput, ReplyOf } from '@doers/contract';
import type { Queryable } from '../db/database.js';
import { localNowOf } from './authenticate.js';
import type { Clock } from './clock.js';
import { HttpError, parse } from './errors.js';
import { Idempotency } from './idempotency.js';
import { JsonText } from './json-text.js';

export type Auth = NonNullable<FastifyRequest['auth']>;

/** A signed-in endpoint's handler always has the caller; an `optional` one may not. */
type AuthOf<E extends AnyEndpoint> = E['access'] extends 'signed-in'
  ? Auth
  : E['access'] extends 'optional'
    ? Auth | null
    : null;

export type RouteContext<E extends AnyEndpoint> = ParsedInput<E> & {
  auth: AuthOf<E>;
  /** Now for the caller: the clock's instant in their zone, with their day-start hour. */
  now: { now: Date; zone: string; dayStartHour: number };
  request: FastifyRequest;
  reply: FastifyReply;
};

/** A handler answers its contract's shape, or that shape already as JSON text (json-text.ts). */
export type RouteHandler<E extends AnyEndpoint> = (
  context: RouteContext<E>,
) => Promise<ReplyOf<E> | JsonText<ReplyOf<E>>> | ReplyOf<E> | JsonText<ReplyOf<E>>;

export type Route = <E extends AnyEndpoint>(e: E, handler: RouteHandler<E>) => void;

/**
 * Registers routes from the contract's endpoint declarations: the path, the method, the
 * authentication, the input schemas, the status and Idempotency-Key support all come from the
 * declaration, so a route file holds only what the endpoint does.
 */
export function createRouter(
  app: FastifyInstance,
  deps: {
    authenticate: preHandlerHookHandler;
    identifyIfPossible: preHandlerHookHandler;
    db: Queryable;
    clock: Clock;
    /** Tests check every answer against its response schema; production trusts the types. */
    checkResponses?: boolean;
  },
): Route {
  const idempotency = new Idempotency(deps.db, deps.clock);
  return (e, handler) => {
    const preHandler =
      e.access === 'signed-in'
        ? deps.authenticate
        : e.access === 'optional'
          ? deps.identifyIfPossible
          : undefined;
    app.route({
      method: e.method,
      url: e.path,
      // Read by authenticate: whether a suspended person's restricted session opens it.
      config: { allowSuspended: e.allowSuspended },
      ...(preHandler ? { preHandler } : {}),
      handler: async (request, reply) => {
        const context = {
          params: e.params ? parse(e.params, request.params) : undefined,
          query: e.query ? parse(e.query, request.query) : undefined,
          body: e.body ? parse(e.body, request.body) : undefined,
          auth: request.auth,
          now: localNowOf(request, deps.clock),
          request,
          reply,
        } as RouteContext<typeof e>;
        const run = async () => {
          const body = await handler(context);
          if (deps.checkResponses && e.response) {
            checkResponse(e, body instanceof JsonText ? JSON.parse(body.text) : body);
          }
          // A handler may answer another status (health: 503); the declared one otherwise.
          return { statusCode: reply.statusCode === 200 ? e.status : reply.statusCode, body };
        };
        if (e.idempotent && request.auth) {
          return idempotency.run(request, reply, request.auth.userId, run);
        }
        const { statusCode, body } = await run();
        void reply.status(statusCode);
        if (statusCode === 204) return reply.send();
        if (body instanceof JsonText)
          return reply.type('application/json; charset=utf-8').send(body.text);
        return body;
      },
    });
  };
}

function checkResponse(e: AnyEndpoint, body: unknown): void {
  const result = e.response?.safeParse(body);
  if (result && !result.success) {
    const where = result.error.issues.map((i) => i.path.join('.') || 'body').join(', ');
    throw new HttpError(
      500,
      `${e.method} ${e.path} answered a shape the contract does not allow: ${where}`,
    );
  }
}
