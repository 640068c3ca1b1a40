import { postsApi, type PostPage } from '@doers/contract';
import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../../lib/api';
import { reflects } from '../../../lib/query-topics';
import { errorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast-store';
import { withNewestPage } from '../lib/new-posts';
import { cachedOrLate, hasEarlyFeed, takeEarlyFeed } from './early-answers';
import { postKeys } from '../post-keys';

type FeedData = InfiniteData<PostPage, string | null>;

/** How often the feed asks whether something newer arrived. */
export const FEED_POLL_MS = 30_000;

/** The feed, newest first, a page at a time (cursor). */
export function useFeed() {
  return useInfiniteQuery(feedQuery(useQueryClient()));
}

/**
 * On a signed-in cold start, the first page index.html asked for goes into the cache before the
 * feed first draws (the feed route's `lazy` waits for this). Any other arrival waits for nothing.
 */
export async function earlyFeedLoaded(queryClient: QueryClient): Promise<void> {
  if (hasEarlyFeed()) await cachedOrLate(queryClient.prefetchInfiniteQuery(feedQuery(queryClient)));
}

function feedQuery(queryClient: QueryClient) {
  return infiniteQueryOptions({
    // A post shared or deleted anywhere marks it stale.
    ...reflects('posts'),
    queryKey: postKeys.feed,
    queryFn: async ({ pageParam, signal }) => {
      if (pageParam !== null)
        return api.call(postsApi.feed, { query: { cursor: pageParam }, signal });
      const first = await (takeEarlyFeed() ?? api.call(postsApi.feed, { query: {}, signal }));
      setFeedHead(queryClient, first);
      return first;
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchOnMount: true,
    staleTime: 30_000,
  });
}

/**
 * The feed's newest post alone, asked every 30 s while the tab is visible and again whenever it
 * becomes visible (the focus manager listens to visibilitychange). The feed's first page sets it
 * too (`useFeed`), fresh for those 30 s: a cold start asks for no page of one post while it is
 * still painting the first.
 */
export function useFeedHead(enabled: boolean) {
  return useQuery({
    ...reflects('posts'),
    queryKey: postKeys.feedHead,
    queryFn: ({ signal }) => api.call(postsApi.feed, { query: { limit: 1 }, signal }),
    enabled,
    refetchInterval: FEED_POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: 'always',
    staleTime: FEED_POLL_MS,
    select: (page) => page.items[0],
  });
}

/**
 * The feed's newest page read again and put on top of what is loaded (lib/new-posts.ts), in one
 * request however far the person scrolled; the pill's head takes the same page. A failure leaves
 * the feed as it was and says so.
 */
export function useRefreshFeed() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    try {
      const newest = await api.call(postsApi.feed, { query: {} });
      queryClient.setQueryData<FeedData>(postKeys.feed, (data) => withNewestPage(data, newest));
      setFeedHead(queryClient, newest);
    } catch (error) {
      toast.error(errorMessage(error, 'Your feed did not refresh. Try again.'));
    }
  }, [queryClient]);
}

/** The feed's newest page read: the head (`useFeedHead`) knows its newest post as of now. */
function setFeedHead(queryClient: QueryClient, newest: PostPage): void {
  queryClient.setQueryData<PostPage>(postKeys.feedHead, {
    items: newest.items.slice(0, 1),
    nextCursor: null,
  });
}
