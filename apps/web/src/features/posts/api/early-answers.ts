import { postsApi, type Post, type PostPage } from '@doers/contract';
import { api, tokenStore } from '../../../lib/api';

/**
 * The answer index.html itself asked for on a signed-in cold start, while the app's JavaScript
 * was still on its way: the feed's first page on /feed, the post on /posts/{id} (see the inline
 * script there). Taken once, by the query it answers; anything unusual (another person's token
 * by now, a refused or malformed answer, no network) and the app asks again the usual way,
 * through the API client, which knows what to do about each.
 */
type EarlyAnswer = { token: string; url: string; answer: Promise<Response> };

declare global {
  interface Window {
    __doersEarly?: EarlyAnswer;
  }
}

const FEED_URL = '/api/feed';
const postUrl = (postId: string) => `/api/posts/${postId}`;

/** Whether index.html asked for the feed's first page and nobody has taken it yet. */
export function hasEarlyFeed(): boolean {
  return typeof window !== 'undefined' && window.__doersEarly?.url === FEED_URL;
}

export function takeEarlyFeed(): Promise<PostPage> | null {
  return take(FEED_URL, postsApi.feed.response, () => api.call(postsApi.feed, { query: {} }));
}

export function takeEarlyPost(postId: string): Promise<Post> | null {
  return take(postUrl(postId), postsApi.get.response, () =>
    api.call(postsApi.get, { params: { id: postId } }),
  );
}

type Checks<T> = {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
};

function take<T>(url: string, schema: Checks<T>, again: () => Promise<T>): Promise<T> | null {
  if (typeof window === 'undefined') return null;
  const early = window.__doersEarly;
  if (early?.url !== url) return null;
  window.__doersEarly = undefined;
  if (early.token !== tokenStore.getAccessToken()) return null;
  return early.answer
    .then(async (response) => {
      const parsed = response.ok ? schema.safeParse(await response.json()) : null;
      return parsed?.success ? parsed.data : again();
    })
    .catch(again);
}
