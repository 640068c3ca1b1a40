import type { Post, PostPage } from '@doers/contract';
import type { InfiniteData } from '@tanstack/react-query';

type FeedData = InfiniteData<PostPage, string | null>;

/**
 * The "New posts" pill shows when the feed's newest post (asked again when the stream says a post
 * arrived, and every 30 s) is not the first one the screen shows and is newer than it; on an
 * empty feed any post is new.
 */
export function hasNewerPost(head: Post | undefined, shownFirst: Post | undefined): boolean {
  if (!head) return false;
  if (!shownFirst) return true;
  if (head.id === shownFirst.id) return false;
  return Date.parse(head.createdAt) > Date.parse(shownFirst.createdAt);
}

/**
 * The feed with its newest page read again: new posts go on top and what was already loaded stays
 * (with the fresh copy of any post the page holds), so scrolling back down finds it where it was.
 * When more arrived than a page holds, the fresh page does not reach what was shown, and the feed
 * starts again from it rather than hide the posts in between; so it does when the fresh page is
 * the whole feed.
 */
export function withNewestPage(data: FeedData | undefined, newest: PostPage): FeedData {
  const first = data?.pages[0];
  const fresh = new Map(newest.items.map((post) => [post.id, post]));
  // The whole feed fits in the fresh page (no next one): it is the feed, gone posts gone.
  const whole = newest.nextCursor === null;
  if (!data || !first || whole || !first.items.some((post) => fresh.has(post.id))) {
    return { pages: [newest], pageParams: [null] };
  }
  const shown = new Set(first.items.map((post) => post.id));
  const added = newest.items.filter((post) => !shown.has(post.id));
  const items = [...added, ...first.items.map((post) => fresh.get(post.id) ?? post)];
  return { ...data, pages: [{ ...first, items }, ...data.pages.slice(1)] };
}
