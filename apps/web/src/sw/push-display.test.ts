import { describe, expect, it } from 'vitest';
import { isLookingAt, maySkipNotification, readPushMessage, safeAppUrl } from './push-display';

const ORIGIN = 'https://doers.example';
const open = (url: string, focused = true, visibilityState = 'visible') => ({
  url: `${ORIGIN}${url}`,
  focused,
  visibilityState,
});

describe('what the service worker does with a push', () => {
  it('stays silent only for a focused, visible window on the very screen', () => {
    expect(isLookingAt([open('/posts/p1')], '/posts/p1', ORIGIN)).toBe(true);
    expect(isLookingAt([open('/posts/p1?from=feed')], '/posts/p1', ORIGIN)).toBe(true);
    expect(isLookingAt([open('/feed')], '/posts/p1', ORIGIN)).toBe(false);
    expect(isLookingAt([open('/posts/p1', false)], '/posts/p1', ORIGIN)).toBe(false);
    expect(isLookingAt([open('/posts/p1', true, 'hidden')], '/posts/p1', ORIGIN)).toBe(false);
    expect(isLookingAt([], '/posts/p1', ORIGIN)).toBe(false);
  });

  it('always shows something on WebKit, which requires it', () => {
    const safari =
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
    const chrome =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
    const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0';
    expect(maySkipNotification(safari)).toBe(false);
    expect(maySkipNotification(chrome)).toBe(true);
    expect(maySkipNotification(firefox)).toBe(true);
  });

  it('reads only a complete message, and opens only screens of the app', () => {
    const message = {
      title: 'New smile',
      body: 'maya smiled at your post',
      url: '/posts/p1',
      tag: 'smile:p1',
      notificationId: 'n1',
      type: 'smile',
    };
    expect(readPushMessage(message)).toEqual(message);
    expect(readPushMessage({ ...message, title: 3 })).toBeNull();
    expect(readPushMessage('hello')).toBeNull();
    expect(safeAppUrl('/posts/p1', ORIGIN)).toBe(`${ORIGIN}/posts/p1`);
    expect(safeAppUrl('https://evil.example/x', ORIGIN)).toBe(`${ORIGIN}/notifications`);
    expect(safeAppUrl('//evil.example/x', ORIGIN)).toBe(`${ORIGIN}/notifications`);
    expect(safeAppUrl(undefined, ORIGIN)).toBe(`${ORIGIN}/notifications`);
  });
});
