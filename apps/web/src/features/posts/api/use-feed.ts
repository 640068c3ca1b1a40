import { postsApi, type PostPage } from '@doers/contract';
import {
  useInfiniteQuery,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../../lib/api';
import { reflects } from '../../../lib/query-topics';
import { postKeys } from '../post-keys';

/** How often the feed asks whether something newer arrived. */
export const FEED_POLL_MS = 30_000;

/** The feed, newest first, a page at a time (cursor). */
export function useFeed() {
  return useInfiniteQuery({
    // A post shared or deleted anywhere marks it stale.
    ...reflects('posts'),
    queryKey: postKeys.feed,
    queryFn: ({ pageParam, signal }) =>
      api.call(postsApi.feed, { query: { cursor: pageParam ?? undefined }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchOnMount: true,
    staleTime: 30_000,
  });
}

/**
 * The feed's newest post alone, asked every 30 s while the tab is visible and again when it
 * becomes visible (the focus manager listens to visibilitychange).
 */
export function useFeedHead(enabled: boolean) {
  return useQuery({
    ...reflects('posts'),
    queryKey: postKeys.feedHead,
    queryFn: ({ signal }) => api.call(postsApi.feed, { query: { limit: 1 }, signal }),
    enabled,
    refetchInterval: FEED_POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    staleTime: 0,
    select: (page) => page.items[0],
  });
}

/**
 * Back to the top of the feed: keeps only its first page and asks for it again, so a refresh
 * after a long scroll costs one request, not one per page loaded.
 */
export function useRefreshFeed() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    queryClient.setQueryData<InfiniteData<PostPage, string | null>>(postKeys.feed, (data) =>
      data ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } : data,
    );
    await Promise.all([
      queryClient.refetchQueries({ queryKey: postKeys.feed, exact: true }),
      queryClient.refetchQueries({ queryKey: postKeys.feedHead, exact: true }),
    ]);
  }, [queryClient]);
}
