/*
 * Messages between the service worker (src/sw/) and the app's windows. Both sides compile this
 * file: the worker's tsconfig lists it beside its own.
 */

/**
 * The worker's store of played media (private voice notes among them): the window empties it
 * when someone signs out, so the next person on this browser cannot play them offline.
 */
export const MEDIA_CACHE = 'doers-media';

/** Worker → window: go to this app path (a notification was tapped); the router navigates. */
export type NavigateMessage = { type: 'doers:navigate'; url: string };
/** Worker → windows: the browser renewed the push subscription; the server must hear of it. */
export type ResubscribedMessage = { type: 'doers:push-resubscribed' };
export type ServiceWorkerMessage = NavigateMessage | ResubscribedMessage;

export function isServiceWorkerMessage(data: unknown): data is ServiceWorkerMessage {
  if (typeof data !== 'object' || data === null) return false;
  const { type, url } = data as { type?: unknown; url?: unknown };
  return (
    (type === 'doers:navigate' && typeof url === 'string' && url.startsWith('/')) ||
    type === 'doers:push-resubscribed'
  );
}
