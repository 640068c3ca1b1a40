import type { z } from 'zod';

/**
 * Every endpoint of the API is declared once, here in the contract: the server registers its
 * routes from these declarations and the web client calls through them, so a path, a method or
 * a shape is never written twice. See docs/decisions/0006-endpoints-in-the-contract.md.
 */
export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * Who may call: `public` anyone; `signed-in` only with a valid access token; `optional` both
 * (a visitor gets the public answer, a signed-in person their own view). A suspended person's
 * token opens only the signed-in endpoints declared `allowSuspended` (their account, their data
 * export, their sessions: docs/product/safety.md); every other one answers 403 with the reason.
 */
export type Access = 'public' | 'signed-in' | 'optional';

export type Schema = z.ZodType;

export interface Endpoint<
  P extends Schema | undefined = Schema | undefined,
  Q extends Schema | undefined = Schema | undefined,
  B extends Schema | undefined = Schema | undefined,
  R extends Schema | null = Schema | null,
  A extends Access = Access,
> {
  method: HttpMethod;
  /** Fastify-style path under /api: `/quests/:id/check-ins`. */
  path: string;
  access: A;
  params: P;
  query: Q;
  body: B;
  /** null: the answer has no body (204). */
  response: R;
  status: 200 | 201 | 204;
  /** Accepts an Idempotency-Key: a replay answers the first result and changes nothing twice. */
  idempotent: boolean;
  /** A suspended person may call it too (signed-in endpoints only; see `Access`). */
  allowSuspended: boolean;
}

export type AnyEndpoint = Endpoint<
  Schema | undefined,
  Schema | undefined,
  Schema | undefined,
  Schema | null
>;

export function endpoint<
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
  R extends Schema | null = null,
  A extends Access = Access,
>(spec: {
  method: HttpMethod;
  path: string;
  access: A;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  status?: 200 | 201 | 204;
  idempotent?: boolean;
  allowSuspended?: boolean;
}): Endpoint<P, Q, B, R, A> {
  return {
    method: spec.method,
    path: spec.path,
    access: spec.access,
    params: spec.params as P,
    query: spec.query as Q,
    body: spec.body as B,
    response: spec.response,
    status: spec.status ?? (spec.response === null ? 204 : 200),
    idempotent: spec.idempotent ?? false,
    allowSuspended: spec.allowSuspended ?? false,
  };
}

type In<S> = S extends Schema ? z.input<S> : undefined;
type Out<S> = S extends Schema ? z.output<S> : undefined;

/** What a caller passes: params and body when the endpoint has them, an optional query. */
export type CallInput<E extends AnyEndpoint> = (E['params'] extends Schema
  ? { params: In<E['params']> }
  : { params?: undefined }) &
  (E['query'] extends Schema ? { query?: In<E['query']> } : { query?: undefined }) &
  (E['body'] extends Schema ? { body: In<E['body']> } : { body?: undefined });

/** What the caller receives (after the response schema parsed it). */
export type ResponseOf<E extends AnyEndpoint> = E['response'] extends Schema
  ? z.output<E['response']>
  : void;

/** What the server's handler returns (before any defaults of the schema apply). */
export type ReplyOf<E extends AnyEndpoint> = E['response'] extends Schema
  ? z.input<E['response']>
  : void;

/** The parsed inputs the server hands to a handler. */
export type ParsedInput<E extends AnyEndpoint> = {
  params: Out<E['params']>;
  query: Out<E['query']>;
  body: Out<E['body']>;
};

/** `/quests/:id` with `{ id: 'a b' }` → `/quests/a%20b`. */
export function pathFor(e: AnyEndpoint, params?: Record<string, unknown>): string {
  return e.path.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`${e.method} ${e.path}: the path parameter "${name}" is missing`);
    }
    return encodeURIComponent(String(value));
  });
}

/** `{ status: 'active', cursor: undefined }` → `?status=active`; empty values are left out. */
export function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const text = Object.entries(query)
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
    .join('&');
  return text ? `?${text}` : '';
}
