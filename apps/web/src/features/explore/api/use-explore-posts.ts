import { exploreApi } from '@doers/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { reflects } from '../../../lib/query-topics';
import { exploreKeys } from '../explore-keys';

/** Recent public posts for the grid, newest first, all or of one interest. */
export function useExploreGrid(interest: string | null) {
  return useInfiniteQuery({
    ...reflects('posts'),
    queryKey: exploreKeys.grid(interest),
    queryFn: ({ pageParam, signal }) =>
      api.call(exploreApi.posts, {
        query: { cursor: pageParam ?? undefined, interest: interest ?? undefined, limit: 24 },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 60_000,
  });
}

/** The swipe feed: the post tapped in the grid, then older public posts, a few at a time. */
export function useSwipeFeed(postId: string, interest: string | null) {
  return useInfiniteQuery({
    queryKey: exploreKeys.swipe(postId, interest),
    queryFn: ({ pageParam, signal }) =>
      api.call(exploreApi.posts, {
        query: {
          from: postId,
          cursor: pageParam ?? undefined,
          interest: interest ?? undefined,
          limit: 6,
        },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 60_000,
  });
}
