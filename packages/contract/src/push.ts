import { z } from 'zod';
import { endpoint } from './http.js';

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
