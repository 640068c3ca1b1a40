import { pushApi, type PushSubscriptionJson } from '@doers/contract';
import { api } from './api';
import { getLocalStorage } from './storage';

/*
 * This browser's Web Push subscription (docs/product/push.md): the permission prompt only ever
 * follows a tap (turnOnPush), the server hears of every subscription, and a subscription made
 * for one person never carries over to the next one signed in here.
 */

/** Where push stands on this device, for the person signed in. */
export type PushState = 'unsupported' | 'denied' | 'off' | 'on';

/** Whose subscription this browser holds: the next person signed in here must not inherit it. */
const OWNER_KEY = 'doers-push-owner';

/** The browser parts push needs; tests hand in their own. */
export interface PushPlatform {
  supported(): boolean;
  permission(): NotificationPermission;
  requestPermission(): Promise<NotificationPermission>;
  registration(): Promise<ServiceWorkerRegistration>;
}

export const browserPushPlatform: PushPlatform = {
  supported: () =>
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window,
  permission: () => Notification.permission,
  requestPermission: () => Notification.requestPermission(),
  // Registered on start (service-worker.ts); registering again returns the same one.
  registration: async () => {
    await navigator.serviceWorker.register('/sw.js', { scope: '/' });
    return navigator.serviceWorker.ready;
  },
};

async function currentSubscription(platform: PushPlatform): Promise<PushSubscription | null> {
  const registration = await platform.registration();
  return registration.pushManager.getSubscription();
}

export async function readPushState(
  userId: string,
  platform: PushPlatform = browserPushPlatform,
): Promise<PushState> {
  if (!platform.supported()) return 'unsupported';
  const permission = platform.permission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'off';
  const subscription = await currentSubscription(platform);
  return subscription && getLocalStorage().getItem(OWNER_KEY) === userId ? 'on' : 'off';
}

/** Thrown when the browser would not subscribe (no push service reachable, for one). */
export class PushUnavailableError extends Error {}

/** After the person's tap: asks the browser's permission, subscribes, tells the server. */
export async function turnOnPush(
  userId: string,
  platform: PushPlatform = browserPushPlatform,
): Promise<PushState> {
  const permission = await platform.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'off'; // dismissed: ask again on the next tap
  const [registration, { publicKey }] = await Promise.all([
    platform.registration(),
    api.call(pushApi.key),
  ]);
  let subscription = await registration.pushManager.getSubscription();
  // Made with another server key (the server's keys changed): it would never receive anything.
  if (subscription && !sameKey(subscription, publicKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  try {
    subscription ??= await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: base64UrlToBytes(publicKey),
    });
  } catch (error) {
    throw new PushUnavailableError(
      error instanceof Error ? error.message : 'The browser could not subscribe',
    );
  }
  await api.call(pushApi.subscribe, { body: subscription.toJSON() as PushSubscriptionJson });
  getLocalStorage().setItem(OWNER_KEY, userId);
  return 'on';
}

/** Off on this device: the server forgets it, then the browser. */
export async function turnOffPush(platform: PushPlatform = browserPushPlatform): Promise<void> {
  const subscription = platform.supported() ? await currentSubscription(platform) : null;
  if (subscription) {
    await api.call(pushApi.unsubscribe, { body: { endpoint: subscription.endpoint } });
    await subscription.unsubscribe();
  }
  getLocalStorage().removeItem(OWNER_KEY);
}

/**
 * Signing out: this device stops receiving the person's pushes. Never fails and never holds the
 * sign-out up for long; the server also drops the subscription when the session ends.
 */
export async function forgetPushOnSignOut(
  platform: PushPlatform = browserPushPlatform,
): Promise<void> {
  if (!platform.supported() || platform.permission() !== 'granted') return;
  const work = turnOffPush(platform).catch(async () => {
    // The server may be unreachable: the browser's side goes anyway (a later send gets a 410).
    await (await currentSubscription(platform))?.unsubscribe();
    getLocalStorage().removeItem(OWNER_KEY);
  });
  await Promise.race([work, new Promise((resolve) => setTimeout(resolve, 3_000))]);
}

/**
 * On start and after the browser renewed it: the server gets the subscription as it is now. One
 * left behind by someone else (signed out while offline) is dropped instead.
 */
export async function syncPushSubscription(
  userId: string,
  platform: PushPlatform = browserPushPlatform,
): Promise<void> {
  if (!platform.supported() || platform.permission() !== 'granted') return;
  const subscription = await currentSubscription(platform);
  if (!subscription) return;
  if (getLocalStorage().getItem(OWNER_KEY) !== userId) {
    await subscription.unsubscribe();
    return;
  }
  await api.call(pushApi.subscribe, { body: subscription.toJSON() as PushSubscriptionJson });
}

function sameKey(subscription: PushSubscription, publicKey: string): boolean {
  const key = subscription.options.applicationServerKey;
  if (!key) return false;
  return bytesToBase64Url(new Uint8Array(key)) === publicKey;
}

export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

function bytesToBase64Url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}
