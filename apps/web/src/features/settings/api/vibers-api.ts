import { vibesApi, type ViberList } from '@doers/contract';
import {
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { isApiError } from '../../../lib/api-error';
import { invalidateAccount } from '../../../lib/auth/use-account';
import { settingsKeys } from '../settings-keys';

type ViberPages = InfiniteData<ViberList, string | null>;

/** The people who vibe with me, newest first (docs/product/vibes.md#removing-a-viber). */
export function useVibers() {
  return useInfiniteQuery({
    queryKey: settingsKeys.vibers,
    queryFn: ({ pageParam, signal }) =>
      api.call(vibesApi.vibers, { query: { cursor: pageParam ?? undefined }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchOnMount: 'always',
  });
}

/** Removes a viber: they stop vibing with me. One already gone counts as done. */
export function useRemoveViber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (userId: string) => {
      try {
        await api.call(vibesApi.removeViber, { params: { userId } });
      } catch (error) {
        if (!isApiError(error) || error.statusCode !== 404) throw error;
      }
    },
    onSuccess: (_nothing, userId) => {
      queryClient.setQueryData<ViberPages>(settingsKeys.vibers, (current) =>
        current
          ? {
              ...current,
              pages: current.pages.map((page) => ({
                ...page,
                items: page.items.filter((viber) => viber.user.id !== userId),
              })),
            }
          : current,
      );
      void queryClient.invalidateQueries({ queryKey: settingsKeys.vibers });
      // My figures count my vibers.
      invalidateAccount(queryClient);
    },
  });
}
