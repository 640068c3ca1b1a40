import type { FieldError } from '@doers/contract';

/**
 * What every failed call rejects with (docs/product/app-shell.md); status 0 means no HTTP answer.
 */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly errors: FieldError[] | undefined;

  constructor(message: string, statusCode: number, errors?: FieldError[]) {
    super(message);
    this.name = 'ApiError';
    this.statusCode = statusCode;
    this.errors = errors;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The message to show for an unknown failure, keeping the API's own text when there is one. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
