// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  base64UrlToBytes,
  forgetPushOnSignOut,
  syncPushSubscription,
  type PushPlatform,
} from './push-subscription';
import { getLocalStorage } from './storage';

/** A browser that already holds a subscription, with notifications allowed. */
function subscribedBrowser() {
  const subscription = {
    endpoint: 'https://push.example/device-1',
    toJSON: () => ({ endpoint: 'https://push.example/device-1', keys: { p256dh: 'p', auth: 'a' } }),
    unsubscribe: vi.fn(async () => true),
  };
  let current: typeof subscription | null = subscription;
  subscription.unsubscribe.mockImplementation(async () => {
    current = null;
    return true;
  });
  const platform: PushPlatform = {
    supported: () => true,
    permission: () => 'granted',
    requestPermission: async () => 'granted',
    registration: async () =>
      ({
        pushManager: { getSubscription: async () => current },
      }) as unknown as ServiceWorkerRegistration,
  };
  return { platform, subscription };
}

function server(status = 204) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push(`${init.method} ${url} ${String(init.body ?? '')}`);
      return new Response(null, { status });
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  getLocalStorage().clear();
});

describe('this browser’s push subscription', () => {
  it('is removed on the server and in the browser when the person signs out', async () => {
    const calls = server();
    const { platform, subscription } = subscribedBrowser();
    getLocalStorage().setItem('doers-push-owner', 'user-1');
    await forgetPushOnSignOut(platform);
    expect(calls).toEqual([
      'DELETE /api/push/subscriptions {"endpoint":"https://push.example/device-1"}',
    ]);
    expect(subscription.unsubscribe).toHaveBeenCalled();
    expect(getLocalStorage().getItem('doers-push-owner')).toBeNull();
  });

  it('still goes from the browser when the server cannot be reached at sign-out', async () => {
    server(503);
    const { platform, subscription } = subscribedBrowser();
    await forgetPushOnSignOut(platform);
    expect(subscription.unsubscribe).toHaveBeenCalled();
  });

  it('is saved again for its owner on start, and dropped when someone else signed in', async () => {
    const calls = server();
    const mine = subscribedBrowser();
    getLocalStorage().setItem('doers-push-owner', 'user-1');
    await syncPushSubscription('user-1', mine.platform);
    expect(calls).toEqual([
      'PUT /api/push/subscriptions {"endpoint":"https://push.example/device-1","keys":{"p256dh":"p","auth":"a"}}',
    ]);

    const theirs = subscribedBrowser();
    await syncPushSubscription('user-2', theirs.platform);
    expect(theirs.subscription.unsubscribe).toHaveBeenCalled();
    expect(calls).toHaveLength(1);
  });

  it('turns the server key into the bytes PushManager.subscribe takes', () => {
    expect([...base64UrlToBytes('AQID_-8')]).toEqual([1, 2, 3, 255, 239]);
  });
});
