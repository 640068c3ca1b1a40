/// <reference lib="webworker" />
/*
 * The app's service worker, served as /sw.js (built by apps/web/build/service-worker-plugin.ts)
 * and registered on start (src/lib/service-worker.ts). Today it shows Web Push notifications and
 * opens the right screen on a tap (docs/product/push.md); the offline shell (issue 11) grows here.
 */
import type { PushMessage } from '@doers/contract';
import type { NavigateMessage, ResubscribedMessage } from '../lib/sw-messages';
import { isLookingAt, maySkipNotification, readPushMessage, safeAppUrl } from './push-display';

declare const self: ServiceWorkerGlobalScope;

// Nothing is cached yet, so a new worker may take over at once; the offline shell will revisit
// this together with its update prompt.
self.addEventListener('install', () => {
  void self.skipWaiting();
});
self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('push', (event) => {
  event.waitUntil(showPush(event.data));
});

async function showPush(data: PushMessageData | null): Promise<void> {
  let message: PushMessage | null;
  try {
    message = readPushMessage(data?.json());
  } catch {
    message = null; // not JSON
  }
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  if (!message) {
    // A push must show something; this one cannot say what, so it points to the list.
    await self.registration.showNotification('Doers', {
      body: 'You have something new on Doers.',
      tag: 'doers',
      data: { url: '/notifications' },
    });
    return;
  }
  const looking = isLookingAt(windows, message.url, self.location.origin);
  if (looking && maySkipNotification(self.navigator.userAgent)) return;
  const options: NotificationOptions & { renotify?: boolean } = {
    body: message.body,
    // A newer push about the same thing (a fold that grew) replaces the older one...
    tag: message.tag,
    // ...and still tells the person, unless they are looking at it (WebKit).
    renotify: !looking,
    silent: looking,
    icon: '/favicon.svg',
    data: { url: message.url, notificationId: message.notificationId },
  };
  await self.registration.showNotification(message.title, options);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data as { url?: unknown } | null;
  event.waitUntil(openScreen(safeAppUrl(data?.url, self.location.origin)));
});

/** Focuses a window of the app and takes it to the screen, or opens one there. */
async function openScreen(href: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const app = windows.filter((w) => new URL(w.url).origin === self.location.origin);
  const target = app.find((w) => w.focused) ?? app[0];
  if (!target) {
    await self.clients.openWindow(href);
    return;
  }
  const focused = await target.focus().catch(() => target);
  const url = new URL(href);
  const message: NavigateMessage = { type: 'doers:navigate', url: url.pathname + url.search };
  focused.postMessage(message);
}

self.addEventListener('pushsubscriptionchange', (event) => {
  event.waitUntil(renewSubscription(event as PushSubscriptionChangeEvent));
});

/** The push service replaced the subscription: subscribe again with the same key. */
async function renewSubscription(event: PushSubscriptionChangeEvent): Promise<void> {
  const key = event.oldSubscription?.options.applicationServerKey;
  if (!event.newSubscription && key) {
    await self.registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: key,
    });
  }
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const message: ResubscribedMessage = { type: 'doers:push-resubscribed' };
  for (const w of windows) w.postMessage(message);
}

/** Not in TypeScript's WebWorker library yet. */
interface PushSubscriptionChangeEvent extends ExtendableEvent {
  readonly newSubscription: PushSubscription | null;
  readonly oldSubscription: PushSubscription | null;
}
