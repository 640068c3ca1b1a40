import { postsApi } from '@doers/contract';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { postKeys } from '../post-keys';
import { cachedPost, patchPost } from './post-cache-updates';

/*
 * What the realtime stream says about posts (docs/product/realtime.md), put into the cache.
 */

/** A post entered my feed: the feed's newest post is asked again, which raises "New posts". */
export function applyFeedNews(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: postKeys.feedHead, exact: true });
}

/**
 * Someone smiled at, hummed or commented on my post, or its words arrived from the server's
 * engine (or were corrected on another device): where a screen holds it, it is read again and
 * every copy takes the new counts and transcript. Nothing is fetched for a post no screen holds.
 */
export async function refreshPost(queryClient: QueryClient, postId: string): Promise<void> {
  if (!cachedPost(queryClient, postId)) return;
  try {
    const fresh = await api.call(postsApi.get, { params: { id: postId } });
    // The counts and the words only: why a post is in a list (`hummedBy`) belongs to the list,
    // and its files' addresses stay those the screen already loads.
    patchPost(queryClient, postId, (post) => ({
      ...post,
      counts: fresh.counts,
      voice: { ...post.voice, transcript: fresh.voice.transcript },
    }));
  } catch {
    // Gone or out of reach meanwhile: the next read of the list says so; the card stays as it was.
  }
}
