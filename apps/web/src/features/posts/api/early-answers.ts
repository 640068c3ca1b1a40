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
const POST_URL = '/api/posts/';
const postUrl = (postId: string) => `${POST_URL}${postId}`;

/** Whether index.html asked for the feed's first page and nobody has taken it yet. */
export function hasEarlyFeed(): boolean {
  return earlyUrl() === FEED_URL;
}

/** The post index.html asked for, while nobody has taken it yet. */
export function earlyPostId(): string | null {
  const url = earlyUrl();
  return url?.startsWith(POST_URL) ? url.slice(POST_URL.length) : null;
}

function earlyUrl(): string | undefined {
  return typeof window === 'undefined' ? undefined : window.__doersEarly?.url;
}

/** How long a cold start's first draw waits for the early answer before it shows a skeleton. */
const EARLY_ANSWER_WAIT_MS = 1_000;

/**
 * Waits until the early answer is in the query cache, EARLY_ANSWER_WAIT_MS at most: the screen's
 * first draw then has its posts, instead of a skeleton, then the posts in a second draw and
 * layout. A slower answer goes on loading under the skeleton.
 */
export async function cachedOrLate(loaded: Promise<unknown>): Promise<void> {
  await Promise.race([loaded, new Promise((resolve) => setTimeout(resolve, EARLY_ANSWER_WAIT_MS))]);
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
  // A failed request, a refused answer or one the contract does not know: asked again once.
  const checked = early.answer
    .then(async (response) => (response.ok ? schema.safeParse(await response.json()) : null))
    .catch(() => null);
  return checked.then((parsed) => (parsed?.success ? parsed.data : again()));
}
