import { useAuthStore } from './auth/use-auth-store';
import { syncPushSubscription } from './push-subscription';
import { isServiceWorkerMessage } from './sw-messages';

/**
 * Registers the service worker (/sw.js, scope '/') once the page has loaded, and acts on what it
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
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/** The server keeps the subscription this browser has now (it may have been renewed). */
function syncForSignedIn(): void {
  const { isAuthenticated, userId } = useAuthStore.getState();
  if (!isAuthenticated || !userId) return;
  syncPushSubscription(userId).catch((error: unknown) =>
    console.warn('Push subscription sync failed', error),
  );
}
