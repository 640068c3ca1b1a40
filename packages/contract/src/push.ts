import { z } from 'zod';
import { endpoint } from './http.js';
import type { NotificationType } from './notifications.js';

/**
 * Web Push (docs/product/push.md): a device subscribes after its owner taps to turn it on; the
 * server sends what the notification settings allow, encrypted per RFC 8291 with its VAPID key.
 */
export const pushKey = z.object({
  /** The VAPID public key, base64url, for PushManager.subscribe's applicationServerKey. */
  publicKey: z.string(),
});
export type PushKey = z.infer<typeof pushKey>;

/** PushSubscription.toJSON() as a browser gives it. */
export const pushSubscription = z.object({
  endpoint: z.url({ protocol: /^https?$/, error: 'Not a valid push endpoint' }).max(2000),
  keys: z.object({
    p256dh: z.string().min(1).max(200),
    auth: z.string().min(1).max(100),
  }),
});
export type PushSubscriptionJson = z.infer<typeof pushSubscription>;

/**
 * What a push carries, decrypted by the browser and read by the service worker: the words of
 * `notificationText`, the screen to open, and a tag so a newer push about the same line (a fold
 * that grew) replaces the older one instead of piling up.
 */
export type PushMessage = {
  title: string;
  body: string;
  /** An app path ('/posts/…'): opened, or focused if open, on a tap. */
  url: string;
  tag: string;
  notificationId: string;
  type: NotificationType;
};

export const pushUnsubscribeRequest = z.object({ endpoint: z.string().max(2000) });

export const pushApi = {
  key: endpoint({
    method: 'GET',
    path: '/push/key',
    access: 'signed-in',
    response: pushKey,
  }),
  /** Saves (or refreshes) this device's subscription for the signed-in person. */
  subscribe: endpoint({
    method: 'PUT',
    path: '/push/subscriptions',
    access: 'signed-in',
    body: pushSubscription,
    response: null,
    idempotent: true,
  }),
  unsubscribe: endpoint({
    method: 'DELETE',
    path: '/push/subscriptions',
    access: 'signed-in',
    body: pushUnsubscribeRequest,
    response: null,
    idempotent: true,
  }),
};
