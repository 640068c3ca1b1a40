import { isApiError } from './api-error';

/**
 * The one mutation retry rule: at most one retry, and only when the answer was lost (status 0:
 * timeout or network) or the server failed (5xx). A 4xx is final.
 */
export function retryMutation(failureCount: number, error: unknown): boolean {
  if (failureCount >= 1) return false;
  return !isApiError(error) || error.statusCode === 0 || error.statusCode >= 500;
}
