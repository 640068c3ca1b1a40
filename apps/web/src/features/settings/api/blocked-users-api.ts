import { blocksApi, type BlockedUserPage } from '@doers/contract';
import {
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { invalidateAccount } from '../../../lib/auth/use-account';
import { invalidateTopic, reflects } from '../../../lib/query-topics';
import { questKeys } from '../../quests';
import { settingsKeys } from '../settings-keys';

type BlockedPages = InfiniteData<BlockedUserPage, string | null>;

/** The people I blocked, newest first (docs/product/blocking.md). */
export function useBlockedUsers() {
  return useInfiniteQuery({
    ...reflects('blocks'),
    queryKey: settingsKeys.blockedUsers,
    queryFn: ({ pageParam, signal }) =>
      api.call(blocksApi.list, { query: { cursor: pageParam ?? undefined }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchOnMount: 'always',
  });
}

/** Lifts a block; lifting one that is already gone is not an error on the server either. */
export function useUnblockUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api.call(blocksApi.unblock, { params: { id: userId } }),
    onSuccess: (_nothing, userId) => {
      queryClient.setQueryData<BlockedPages>(settingsKeys.blockedUsers, (current) =>
        current
          ? {
              ...current,
              pages: current.pages.map((page) => ({
                ...page,
                items: page.items.filter((entry) => entry.user.id !== userId),
              })),
            }
          : current,
      );
      // Their profile, posts and quests show again.
      void invalidateTopic(queryClient, 'blocks');
      void invalidateTopic(queryClient, 'posts');
      void invalidateTopic(queryClient, 'check-ins');
      void queryClient.invalidateQueries({ queryKey: questKeys.all });
      invalidateAccount(queryClient);
    },
  });
}
