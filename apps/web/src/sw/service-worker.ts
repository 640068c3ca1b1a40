/// <reference lib="webworker" />
/*
 * The app's service worker, served as /sw.js (built by apps/web/build/service-worker-plugin.ts)
 * and registered on start (src/lib/service-worker.ts). It keeps the app shell so the app opens
 * with no network, keeps media once played (docs/product/installable-app.md), shows Web Push
 * notifications and opens the right screen on a tap (docs/product/push.md).
 */
import type { PushMessage } from '@doers/contract';
import type { NavigateMessage, ResubscribedMessage } from '../lib/sw-messages';
import {
  kindOf,
  MEDIA_CACHE,
  MEDIA_MAX_BYTES,
  MEDIA_MAX_ENTRIES,
  mediaKey,
  parseRange,
  SHELL_PREFIX,
  staleShellCaches,
  wholeFileSize,
} from './offline-cache';
import { isLookingAt, maySkipNotification, readPushMessage, safeAppUrl } from './push-display';

declare const self: ServiceWorkerGlobalScope;
/** Written by the build (service-worker-plugin.ts): this build's id and the shell's files. */
declare const __SW_BUILD_ID__: string;
declare const __SW_PRECACHE__: string[];

const SHELL_CACHE = `${SHELL_PREFIX}${__SW_BUILD_ID__}`;

// A new worker takes over at once: pages ask the network first, so none of them is held on an
// old index.html; the update dialog (version check) reloads open pages onto the new build.
self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      // `reload`: past the HTTP cache, so the shell stored is this build's.
      .then((cache) =>
        cache.addAll(__SW_PRECACHE__.map((u) => new Request(u, { cache: 'reload' }))),
      )
      .then(() => self.skipWaiting()),
  );
});
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(staleShellCaches(names, SHELL_CACHE).map((n) => caches.delete(n))),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  switch (kindOf(url, request.mode, self.location.origin)) {
    case 'navigation':
      return event.respondWith(page(request));
    case 'shell':
      return event.respondWith(shellFile(request));
    case 'media':
      return event.respondWith(media(request, url));
    case 'network':
      return; // the browser's own fetch
  }
});

/** Network first: a new build's page as soon as it is deployed; the stored shell offline. */
async function page(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    const shell = await caches.match('/index.html', { cacheName: SHELL_CACHE });
    if (shell) return shell;
    throw error;
  }
}

/** A file of the shell: stored ones (any build's: their names carry a hash), else the network. */
async function shellFile(request: Request): Promise<Response> {
  const stored = await caches.match(request, { ignoreSearch: true });
  if (stored) return stored;
  const response = await fetch(request);
  if (response.ok && new URL(request.url).pathname.startsWith('/assets/')) {
    const copy = response.clone();
    void caches.open(SHELL_CACHE).then((cache) => cache.put(request, copy));
  }
  return response;
}

/**
 * A voice note, photo or video: from the media cache when it was played before (a Range asked
 * for is cut from the stored file), else from the network, keeping the whole file when the
 * answer holds it.
 */
async function media(request: Request, url: URL): Promise<Response> {
  const cache = await caches.open(MEDIA_CACHE);
  const key = mediaKey(url);
  const stored = await cache.match(key);
  if (stored) return ranged(stored, request.headers.get('range'));
  const response = await fetch(request);
  const whole = wholeFileSize(response.status, response.headers.get('content-range'));
  const length = Number(response.headers.get('content-length') ?? NaN);
  if (whole !== null && (Number.isNaN(length) || length <= MEDIA_MAX_BYTES)) {
    void keepMedia(cache, key, response.clone());
  }
  return response;
}

async function keepMedia(cache: Cache, key: string, response: Response): Promise<void> {
  const body = await response.blob();
  if (body.size > MEDIA_MAX_BYTES) return;
  const headers = new Headers(response.headers);
  headers.delete('content-range');
  headers.set('content-length', String(body.size));
  await cache.put(key, new Response(body, { status: 200, headers }));
  const keys = await cache.keys();
  for (const old of keys.slice(0, Math.max(0, keys.length - MEDIA_MAX_ENTRIES))) {
    await cache.delete(old);
  }
}

/** The stored whole file, or the part a media element asked for (206, or 416). */
async function ranged(stored: Response, rangeHeader: string | null): Promise<Response> {
  const body = await stored.blob();
  const range = parseRange(rangeHeader, body.size);
  if (range === null) return new Response(body, { status: 200, headers: stored.headers });
  const headers = new Headers(stored.headers);
  if (range === 'unsatisfiable') {
    headers.set('content-range', `bytes */${body.size}`);
    return new Response(null, { status: 416, headers });
  }
  headers.set('content-range', `bytes ${range.start}-${range.end}/${body.size}`);
  headers.set('content-length', String(range.end - range.start + 1));
  return new Response(body.slice(range.start, range.end + 1), { status: 206, headers });
}

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
    icon: '/icons/icon-192.png',
    badge: '/icons/icon-96.png',
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
