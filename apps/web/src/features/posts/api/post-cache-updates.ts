import type { Post } from '@doers/contract';
import type { QueryClient } from '@tanstack/react-query';
import { findPost, mapPosts, withoutPosts } from '../lib/post-cache';

/*
 * The cache side of lib/post-cache.ts: every cached query (feed pages, a post's page, a profile's
 * posts, Explore) gets the same change, and only queries that held the post are written.
 */

/** Replaces the post with `update(post)` in every cached query that holds it. */
export function patchPost(queryClient: QueryClient, postId: string, update: (post: Post) => Post) {
  for (const query of queryClient.getQueryCache().getAll()) {
    const data = query.state.data;
    if (data === undefined) continue;
    const next = mapPosts(data, (post) => post.id === postId, update);
    if (next !== data) queryClient.setQueryData(query.queryKey, next);
  }
}

/** The post as the cache holds it now (any query), for a snapshot before a change. */
export function cachedPost(queryClient: QueryClient, postId: string): Post | undefined {
  for (const query of queryClient.getQueryCache().getAll()) {
    const found = findPost(query.state.data, postId);
    if (found) return found;
  }
  return undefined;
}

function removeWhere(queryClient: QueryClient, match: (post: Post) => boolean) {
  for (const query of queryClient.getQueryCache().getAll()) {
    const data = query.state.data;
    if (data === undefined) continue;
    const next = withoutPosts(data, match);
    if (next !== data) queryClient.setQueryData(query.queryKey, next);
  }
}

/** A deleted post leaves every list at once. */
export function removePostEverywhere(queryClient: QueryClient, postId: string) {
  removeWhere(queryClient, (post) => post.id === postId);
}

/** Someone blocked: their posts, and posts in the feed because they hummed them, leave. */
export function removeAuthorEverywhere(queryClient: QueryClient, userId: string) {
  removeWhere(queryClient, (post) => post.author.id === userId || post.hummedBy?.id === userId);
}
