import type { PushMessage } from '@doers/contract';

/** What the service worker knows of an open window of the app. */
export type OpenWindow = { url: string; focused: boolean; visibilityState: string };

/**
 * The person is looking at the screen this push is about: a focused, visible window of the app
 * on its path. Its realtime stream has already updated that screen, so the push stays silent.
 */
export function isLookingAt(windows: readonly OpenWindow[], url: string, origin: string): boolean {
  const target = new URL(url, origin);
  return windows.some((w) => {
    const open = new URL(w.url);
    return (
      w.focused &&
      w.visibilityState === 'visible' &&
      open.origin === target.origin &&
      open.pathname === target.pathname
    );
  });
}

/**
 * May a push show nothing at all? Chromium and Firefox let a site skip the notification while
 * one of its windows is focused and visible; WebKit (Safari, every iOS browser) requires one for
 * every push and revokes the subscription of a site that skips them, so there it shows silently.
 */
export function maySkipNotification(userAgent: string): boolean {
  const webKitOnly = /AppleWebKit/.test(userAgent) && !/Chrome|Chromium|Android/.test(userAgent);
  return !webKitOnly;
}

/** A push's payload, checked: a push service or an old server might send something else. */
export function readPushMessage(json: unknown): PushMessage | null {
  if (typeof json !== 'object' || json === null) return null;
  const m = json as Record<string, unknown>;
  const strings = ['title', 'body', 'url', 'tag', 'notificationId', 'type'] as const;
  if (!strings.every((key) => typeof m[key] === 'string')) return null;
  return json as PushMessage;
}

/** Only paths of the app itself open from a notification. */
export function safeAppUrl(url: unknown, origin: string): string {
  if (typeof url !== 'string') return `${origin}/notifications`;
  const target = new URL(url, origin);
  return target.origin === origin ? target.href : `${origin}/notifications`;
}
