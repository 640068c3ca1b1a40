import type { FieldError } from '@doers/contract';

// Reading an answer, shared by the fetch and the XMLHttpRequest paths so both turn a server's
// body into the same message and the same fields.

export const FALLBACK_ERROR_MESSAGE = 'An unexpected error occurred';
export const NETWORK_ERROR_MESSAGE = 'Network error';

/** An answer before it is checked: what either transport read off the wire. */
export interface RawResponse {
  status: number;
  statusText: string;
  ok: boolean;
  body: unknown;
}

/**
 * The message rule of docs/product/app-shell.md: body.message, else body.error, else status text,
 * else fallback.
 */
export function errorMessageFrom(body: unknown, statusText: string): string {
  if (body && typeof body === 'object') {
    const { message, error } = body as { message?: unknown; error?: unknown };
    if (typeof message === 'string' && message) return message;
    if (typeof error === 'string' && error) return error;
  }
  return statusText || FALLBACK_ERROR_MESSAGE;
}

export function fieldErrorsFrom(body: unknown): FieldError[] | undefined {
  const errors = body && typeof body === 'object' ? (body as { errors?: unknown }).errors : null;
  return Array.isArray(errors) ? (errors as FieldError[]) : undefined;
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text; // a proxy's HTML error page: keep it out of the message, fall back to status text
  }
}
