import type { Post } from '@doers/contract';

/**
 * The "New posts" pill shows when the feed's newest post (polled alone) is not the first one the
 * screen shows and is newer than it; on an empty feed any post is new.
 */
export function hasNewerPost(head: Post | undefined, shownFirst: Post | undefined): boolean {
  if (!head) return false;
  if (!shownFirst) return true;
  if (head.id === shownFirst.id) return false;
  return Date.parse(head.createdAt) > Date.parse(shownFirst.createdAt);
}
