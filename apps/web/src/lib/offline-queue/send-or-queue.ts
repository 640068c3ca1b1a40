import { pathFor, type AnyEndpoint } from '@doers/contract';
import { isApiError } from '../api-error';
import type { QueueItem, QueueMethod, QueueRequest } from './queue-item';
import type { OfflineQueue } from './offline-queue';

export type SendOutcome<T> = { queued: false; value: T } | { queued: true; item: QueueItem };

/** The method and path of a contract endpoint, as a queued item stores them. */
export function queuedEndpoint(
  e: AnyEndpoint,
  params: Record<string, unknown>,
): { method: QueueMethod; endpoint: string } {
  if (e.method !== 'POST' && e.method !== 'PUT' && e.method !== 'DELETE') {
    throw new Error(`${e.method} ${e.path} cannot be queued offline`);
  }
  return { method: e.method, endpoint: pathFor(e, params) };
}

/**
 * Sends now when the line is up; offline, or when the request got no answer (status 0), keeps it
 * in the queue instead, with the Idempotency-Key `send` used: if the lost request did arrive,
 * the replay is answered from the server's record rather than applied twice. `request` may be a
 * function, read when queueing: what `send` managed before the line dropped (an upload) is then
 * kept rather than redone.
 */
export async function sendOrQueue<T>(
  queue: Pick<OfflineQueue, 'enqueue' | 'state'>,
  request: QueueRequest | (() => QueueRequest),
  send: () => Promise<T>,
): Promise<SendOutcome<T>> {
  const enqueue = async (): Promise<SendOutcome<T>> => ({
    queued: true,
    item: await queue.enqueue(typeof request === 'function' ? request() : request),
  });
  if (!queue.state.getState().online) return enqueue();
  try {
    return { queued: false, value: await send() };
  } catch (error) {
    if (!isApiError(error) || error.statusCode !== 0) throw error;
    return enqueue();
  }
}
