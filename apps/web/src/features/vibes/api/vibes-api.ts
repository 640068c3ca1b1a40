import { vibesApi } from '@doers/contract';
import {
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryKey,
} from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { isApiError } from '../../../lib/api-error';
import { invalidateAccount } from '../../../lib/auth/use-account';
import { reflects } from '../../../lib/query-topics';
import { vibesKeys } from '../vibes-keys';

type Paged<T> = { items: T[]; nextCursor: string | null };

function usePaged<T>(
  queryKey: QueryKey,
  fetchPage: (cursor: string | undefined, signal: AbortSignal) => Promise<Paged<T>>,
) {
  return useInfiniteQuery({
    // A block drops people from every list; a vibe sent from a post or profile adds to them.
    ...reflects('blocks', 'people'),
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam ?? undefined, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchOnMount: 'always',
  });
}

/** Vibes sent to me, newest first. */
export const useReceivedVibes = () =>
  usePaged(vibesKeys.received, (cursor, signal) =>
    api.call(vibesApi.received, { query: { cursor }, signal }),
  );

/** Vibes I sent, newest first. */
export const useSentVibes = () =>
  usePaged(vibesKeys.sent, (cursor, signal) =>
    api.call(vibesApi.sent, { query: { cursor }, signal }),
  );

/** The people who vibe with me. */
export const useVibers = () =>
  usePaged(vibesKeys.vibers, (cursor, signal) =>
    api.call(vibesApi.vibers, { query: { cursor }, signal }),
  );

/** The people I vibe with. */
export const useVibingWith = () =>
  usePaged(vibesKeys.vibing, (cursor, signal) =>
    api.call(vibesApi.vibing, { query: { cursor }, signal }),
  );

/** Takes a person off a cached list at once, before the refetch confirms it. */
function dropPerson(
  queryClient: ReturnType<typeof useQueryClient>,
  queryKey: QueryKey,
  userId: string,
) {
  queryClient.setQueryData<InfiniteData<Paged<{ user: { id: string } }>, string | null>>(
    queryKey,
    (current) =>
      current && {
        ...current,
        pages: current.pages.map((page) => ({
          ...page,
          items: page.items.filter((item) => item.user.id !== userId),
        })),
      },
  );
}

/**
 * Ends a relation: `removeViber` (they stop vibing with me) or `stopVibing` (I stop vibing with
 * them). Already ended counts as done. Both lists show the mutual mark, so both refresh.
 */
function useEndRelation(kind: 'removeViber' | 'stopVibing') {
  const queryClient = useQueryClient();
  const listKey = kind === 'removeViber' ? vibesKeys.vibers : vibesKeys.vibing;
  return useMutation({
    mutationFn: async (userId: string) => {
      try {
        await api.call(vibesApi[kind], { params: { userId } });
      } catch (error) {
        if (!isApiError(error) || error.statusCode !== 404) throw error;
      }
    },
    onSuccess: (_nothing, userId) => {
      dropPerson(queryClient, listKey, userId);
      void queryClient.invalidateQueries({ queryKey: vibesKeys.vibers });
      void queryClient.invalidateQueries({ queryKey: vibesKeys.vibing });
      invalidateAccount(queryClient); // my vibers / vibing-with figures
    },
  });
}

export const useRemoveViber = () => useEndRelation('removeViber');
export const useStopVibing = () => useEndRelation('stopVibing');
