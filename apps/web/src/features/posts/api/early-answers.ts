import { postsApi, type CommentPage, type Post, type PostPage } from '@doers/contract';
import { api, tokenStore } from '../../../lib/api';

/**
 * The answers index.html itself asked for on a signed-in cold start, while the app's JavaScript
 * was still on its way: the feed's first page on /feed; the post and its first comments on
 * /posts/{id} (see the inline script there). Each is taken once, by the query it answers;
 * anything unusual (another person's token by now, a refused or malformed answer, no network) and
 * the app asks again the usual way, through the API client, which knows what to do about each.
 */
type EarlyAnswers = { token: string; answers: Partial<Record<string, Promise<Response>>> };

declare global {
  interface Window {
    __doersEarly?: EarlyAnswers;
  }
}

const FEED_URL = '/api/feed';
const POST_URL = /^\/api\/posts\/([\w-]+)$/;
const postUrl = (postId: string) => `/api/posts/${postId}`;
const commentsUrl = (postId: string) => `${postUrl(postId)}/comments`;

function earlyUrls(): string[] {
  if (typeof window === 'undefined') return [];
  return Object.keys(window.__doersEarly?.answers ?? {});
}

/** Whether index.html asked for the feed's first page and nobody has taken it yet. */
export function hasEarlyFeed(): boolean {
  return earlyUrls().includes(FEED_URL);
}

/** The post index.html asked for, while nobody has taken it yet. */
export function earlyPostId(): string | null {
  for (const url of earlyUrls()) {
    const match = POST_URL.exec(url);
    if (match) return match[1]!;
  }
  return null;
}

/** Whether index.html asked for this post's first comments and nobody has taken them yet. */
export function hasEarlyComments(postId: string): boolean {
  return earlyUrls().includes(commentsUrl(postId));
}

/** How long a cold start's first draw waits for the early answer before it shows a skeleton. */
const EARLY_ANSWER_WAIT_MS = 1_000;

/**
 * Waits until an early answer is in the query cache, EARLY_ANSWER_WAIT_MS at most: the screen's
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

export function takeEarlyComments(postId: string): Promise<CommentPage> | null {
  return take(commentsUrl(postId), postsApi.comments.response, () =>
    api.call(postsApi.comments, { params: { id: postId }, query: {} }),
  );
}

type Checks<T> = {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
};

function take<T>(url: string, schema: Checks<T>, again: () => Promise<T>): Promise<T> | null {
  if (typeof window === 'undefined') return null;
  const early = window.__doersEarly;
  const answer = early?.answers[url];
  if (!early || !answer) return null;
  delete early.answers[url];
  if (early.token !== tokenStore.getAccessToken()) return null;
  // A failed request, a refused answer or one the contract does not know: asked again once.
  const checked = answer
    .then(async (response) => (response.ok ? schema.safeParse(await response.json()) : null))
    .catch(() => null);
  return checked.then((parsed) => (parsed?.success ? parsed.data : again()));
}
