import type { FastifyError, FastifyInstance } from 'fastify';
import type { ApiErrorBody, FieldError } from '@doers/contract';
import type { z } from 'zod';

/** A failure the client should see as it is: `{ message, statusCode, errors? }`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: FieldError[]) =>
  new HttpError(400, message, errors);
export const unauthorized = (message = 'Authentication required') => new HttpError(401, message);
export const forbidden = (message = 'You are not allowed to do that') =>
  new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string, errors?: FieldError[]) =>
  new HttpError(409, message, errors);

/** Parses input with a contract schema; a failure names every bad field. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  // PostgreSQL text cannot hold U+0000: refused here, it would fail the query (a 500) later.
  const nul = nulCharacterAt(input, []);
  if (nul) {
    const field = nul.join('.') || 'body';
    const message = 'must not contain the NUL character (U+0000)';
    throw badRequest(`${field}: ${message}`, [{ field, message }]);
  }
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const errors = result.error.issues.map((issue) => ({
    field: issue.path.join('.') || 'body',
    message: issue.message,
  }));
  const first = errors[0]!;
  const message = first.field === 'body' ? first.message : `${first.field}: ${first.message}`;
  throw badRequest(message, errors);
}

/**
 * The path to the first string holding U+0000 (in a value or a key), or undefined. No schema
 * nests deeper than a few levels, so deeper input is left to the schema to refuse.
 */
function nulCharacterAt(value: unknown, path: string[]): string[] | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (typeof value !== 'object' || value === null || path.length > 16) return undefined;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key.replaceAll('\u0000', '\\u0000')];
    const found = nulCharacterAt(inner, [...path, key]);
    if (found) return found;
  }
  return undefined;
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) void reply.headers(error.headers);
      return reply
        .status(error.statusCode)
        .send(body(error.statusCode, error.message, error.errors));
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      // With the request id; `err` is logged by logger.ts's safeError, without any value.
      request.log.error({ err: error }, 'request failed');
      return reply
        .status(500)
        .send(body(500, 'Something went wrong on our side. Please try again.'));
    }
    // Fastify's own 4xx: bad JSON, body too large, wrong content type.
    return reply.status(status).send(body(status, friendlyFastifyMessage(error)));
  });
}

function friendlyFastifyMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'body: the request body is too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'body: unsupported content type; send JSON';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'body: the JSON body is empty';
    default:
      return error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.message.includes('JSON')
        ? 'body: not valid JSON'
        : error.message;
  }
}

export function body(statusCode: number, message: string, errors?: FieldError[]): ApiErrorBody {
  return errors ? { message, statusCode, errors } : { message, statusCode };
}
