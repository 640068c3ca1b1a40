import { useAuthStore } from './auth/use-auth-store';
import { syncPushSubscription } from './push-subscription';
import { isServiceWorkerMessage } from './sw-messages';
import { whenIdle } from './when-idle';

/**
 * A first visit installs the worker, which fetches and stores the whole app: on a slow phone that
 * competed with the first screen for the network and the main thread (a quarter of the blocking
 * time of a cold start in traces at 4× CPU, docs/decisions/0015-first-screen-on-a-phone.md). So
 * it waits until a few seconds after the page has loaded, for a moment the browser is idle. A
 * visit after the first finds the worker installed already and loses nothing by the wait.
 */
const QUIET_AFTER_LOAD_MS = 3_000;

/**
 * Registers the service worker (/sw.js, scope '/') once the page is quiet, and acts on what it
 * says: a tapped notification's screen (through the router, no reload), a renewed push
 * subscription (the server hears of it). Only the built app has a worker: `vite dev` serves none.
 */
export function registerServiceWorker(options: { navigate: (url: string) => void }): void {
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<unknown>) => {
    if (!isServiceWorkerMessage(event.data)) return;
    if (event.data.type === 'doers:navigate') options.navigate(event.data.url);
    else syncForSignedIn();
  });
  const register = () => {
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .then(syncForSignedIn)
      .catch((error: unknown) => console.warn('Service worker registration failed', error));
  };
  // Someone else signed in here: a subscription left by the one before is dropped.
  useAuthStore.subscribe((state, previous) => {
    if (state.userId !== previous.userId) syncForSignedIn();
  });
  const whenQuiet = () => setTimeout(() => whenIdle(register), QUIET_AFTER_LOAD_MS);
  if (document.readyState === 'complete') whenQuiet();
  else window.addEventListener('load', whenQuiet, { once: true });
}

/** The server keeps the subscription this browser has now (it may have been renewed). */
function syncForSignedIn(): void {
  const { isAuthenticated, userId } = useAuthStore.getState();
  if (!isAuthenticated || !userId) return;
  syncPushSubscription(userId).catch((error: unknown) =>
    console.warn('Push subscription sync failed', error),
  );
}
