import type { QuestRequest, QuestRequestList } from '@doers/contract';
import {
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import {
  fetchActivity,
  fetchQuestRequests,
  postRequestDecision,
  type RequestDecision,
} from './activity-api';

export function useActivity() {
  return useInfiniteQuery({
    queryKey: queryKeys.activity,
    queryFn: ({ pageParam, signal }) => fetchActivity(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchOnMount: true,
    staleTime: 60_000,
  });
}

export function useQuestRequests() {
  return useInfiniteQuery({
    queryKey: queryKeys.questRequests,
    queryFn: ({ pageParam, signal }) => fetchQuestRequests(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchOnMount: true,
    staleTime: 30_000,
  });
}

type RequestPages = InfiniteData<QuestRequestList, string | null>;

export function withoutRequest(
  data: RequestPages | undefined,
  id: string,
): RequestPages | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      items: page.items.filter((item) => item.id !== id),
    })),
  };
}

/**
 * Accept or decline, optimistically: the request leaves the list at once and comes back if the
 * server says no. Afterwards the quest's people, the owner's badge count and lists refresh.
 */
export function useDecideQuestRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ request, decision }: { request: QuestRequest; decision: RequestDecision }) =>
      postRequestDecision(request.id, decision),
    onMutate: async ({ request }) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.questRequests });
      const previous = queryClient.getQueryData<RequestPages>(queryKeys.questRequests);
      queryClient.setQueryData<RequestPages>(queryKeys.questRequests, (data) =>
        withoutRequest(data, request.id),
      );
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(queryKeys.questRequests, context.previous);
    },
    onSettled: (_data, _error, { request }) => {
      const questId = request.quest.id;
      for (const queryKey of [
        queryKeys.questRequests,
        queryKeys.unreadCounts,
        queryKeys.quest(questId),
        queryKeys.questLeaderboard(questId),
        queryKeys.sharedQuest(questId),
        queryKeys.questLists,
      ]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}
