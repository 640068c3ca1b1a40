import { postsApi, type PostPage } from '@doers/contract';
import { api, tokenStore } from '../../../lib/api';

/**
 * The feed's first page asked for by index.html itself, while the app's JavaScript is still on
 * its way (a signed-in cold start on /feed): see the inline script there. Taken once, by the
 * feed's first page; anything unusual (another person's token by now, a refused or malformed
 * answer, no network) and the app asks again the usual way, through the API client, which knows
 * what to do about each.
 */
type EarlyFeed = { token: string; answer: Promise<Response> };

declare global {
  interface Window {
    __doersEarlyFeed?: EarlyFeed;
  }
}

/** Whether index.html asked for the feed's first page and nobody has taken it yet. */
export function hasEarlyFeed(): boolean {
  return typeof window !== 'undefined' && window.__doersEarlyFeed !== undefined;
}

export function takeEarlyFeed(): Promise<PostPage> | null {
  if (typeof window === 'undefined') return null;
  const early = window.__doersEarlyFeed;
  window.__doersEarlyFeed = undefined;
  if (!early || early.token !== tokenStore.getAccessToken()) return null;
  const again = () => api.call(postsApi.feed, { query: {} });
  return early.answer
    .then(async (response) => {
      const parsed = response.ok ? postsApi.feed.response.safeParse(await response.json()) : null;
      return parsed?.success ? parsed.data : again();
    })
    .catch(again);
}
