// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../lib/auth/use-auth-store';
import type { PushPlatform } from '../../../lib/push-subscription';
import { getLocalStorage } from '../../../lib/storage';
import { PushOptIn } from './push-opt-in';

const KEY =
  'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';

/** A browser whose push parts the test controls: permission, and the push manager's answers. */
function fakeBrowser(options: {
  supported?: boolean;
  permission?: NotificationPermission;
  answer?: NotificationPermission;
  subscribeFails?: boolean;
}) {
  let permission = options.permission ?? 'default';
  let subscription: { endpoint: string; unsubscribe: () => Promise<boolean> } | null = null;
  const requestPermission = vi.fn(async () => {
    permission = options.answer ?? 'granted';
    return permission;
  });
  const made = {
    endpoint: 'https://push.example/device-1',
    options: { applicationServerKey: null },
    toJSON: () => ({ endpoint: 'https://push.example/device-1', keys: { p256dh: 'p', auth: 'a' } }),
    unsubscribe: vi.fn(async () => {
      subscription = null;
      return true;
    }),
  };
  const pushManager = {
    getSubscription: async () => subscription,
    subscribe: vi.fn(async () => {
      if (options.subscribeFails)
        throw new DOMException('push service not available', 'AbortError');
      subscription = made;
      return made;
    }),
  };
  const platform: PushPlatform = {
    supported: () => options.supported ?? true,
    permission: () => permission,
    requestPermission,
    registration: async () => ({ pushManager }) as unknown as ServiceWorkerRegistration,
  };
  return { platform, requestPermission, pushManager, made };
}

/** The server: GET /push/key, PUT and DELETE /push/subscriptions; each call recorded. */
function fakeServer() {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const body = init.body ? (JSON.parse(init.body as string) as unknown) : undefined;
      calls.push({ method: init.method ?? 'GET', url, body });
      if (url === '/api/push/key') return Response.json({ publicKey: KEY });
      return new Response(null, { status: 204 });
    }),
  );
  return calls;
}

function show(platform: PushPlatform) {
  const client = new QueryClient();
  return render(
    <QueryClientProvider client={client}>
      <PushOptIn platform={platform} />
    </QueryClientProvider>,
  );
}

beforeEach(() => useAuthStore.setState({ userId: 'user-1', isAuthenticated: true }));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  getLocalStorage().clear();
  useAuthStore.setState({ userId: null, isAuthenticated: false });
});

describe('PushOptIn', () => {
  it('asks the browser only after the tap, then subscribes and tells the server', async () => {
    const browser = fakeBrowser({});
    const calls = fakeServer();
    show(browser.platform);

    const turnOn = await screen.findByRole('button', { name: 'Turn on push notifications' });
    expect(browser.requestPermission).not.toHaveBeenCalled();
    fireEvent.click(turnOn);

    expect(await screen.findByRole('button', { name: 'Turn off' })).toBeTruthy();
    expect(screen.getByText('Push notifications are on for this device.')).toBeTruthy();
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    expect(browser.pushManager.subscribe).toHaveBeenCalledWith(
      expect.objectContaining({ userVisibleOnly: true }),
    );
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/push/key',
      'PUT /api/push/subscriptions',
    ]);
    expect(calls[1]!.body).toEqual(browser.made.toJSON());

    fireEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByRole('button', { name: 'Turn on push notifications' })).toBeTruthy();
    expect(calls[2]).toEqual({
      method: 'DELETE',
      url: '/api/push/subscriptions',
      body: { endpoint: 'https://push.example/device-1' },
    });
    expect(browser.made.unsubscribe).toHaveBeenCalled();
  });

  it('says how to unblock notifications when the browser blocks them', async () => {
    fakeServer();
    show(fakeBrowser({ permission: 'denied' }).platform);
    expect(
      await screen.findByText('Notifications are blocked for Doers in this browser'),
    ).toBeTruthy();
    expect(screen.getByText(/set Notifications to Allow/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Check again' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Turn on push notifications' })).toBeNull();
  });

  it('shows the blocked state when the person says no to the prompt', async () => {
    fakeServer();
    const browser = fakeBrowser({ answer: 'denied' });
    show(browser.platform);
    fireEvent.click(await screen.findByRole('button', { name: 'Turn on push notifications' }));
    expect(
      await screen.findByText('Notifications are blocked for Doers in this browser'),
    ).toBeTruthy();
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
  });

  it('explains a browser without push', async () => {
    fakeServer();
    show(fakeBrowser({ supported: false }).platform);
    expect(
      await screen.findByText("This browser can't show push notifications from Doers."),
    ).toBeTruthy();
    expect(screen.getByText(/add Doers to your Home Screen/)).toBeTruthy();
  });

  it('says so when the browser cannot reach its push service, and stays off', async () => {
    const calls = fakeServer();
    show(fakeBrowser({ subscribeFails: true }).platform);
    fireEvent.click(await screen.findByRole('button', { name: 'Turn on push notifications' }));
    expect(await screen.findByText(/couldn't reach its push service/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Turn on push notifications' })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it('shows another person’s subscription on this browser as off for me', async () => {
    fakeServer();
    const browser = fakeBrowser({ permission: 'granted' });
    await browser.pushManager.subscribe();
    getLocalStorage().setItem('doers-push-owner', 'someone-else');
    show(browser.platform);
    expect(await screen.findByRole('button', { name: 'Turn on push notifications' })).toBeTruthy();
  });
});
