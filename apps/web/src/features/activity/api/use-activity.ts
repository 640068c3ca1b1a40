import type { QuestRequest } from '@doers/contract';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../../lib/api-error';
import { queryKeys } from '../../../lib/query-keys';
import { toast } from '../../../lib/toast-store';
import {
  findRequest,
  restoreRequest,
  withoutRequest,
  type RequestPages,
} from '../lib/request-pages';
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
      const data = queryClient.getQueryData<RequestPages>(queryKeys.questRequests);
      const position = findRequest(data, request.id);
      queryClient.setQueryData<RequestPages>(queryKeys.questRequests, (current) =>
        withoutRequest(current, request.id),
      );
      return { position };
    },
    // Per call, from `variables`: two rows decided quickly each get their own toast.
    onSuccess: (_data, { request, decision }) => {
      const name = request.user.displayName || `@${request.user.username}`;
      if (decision === 'accept') {
        toast.success(`${name} joined ${request.quest.emoji} ${request.quest.title}`);
      } else {
        toast.info(`Request from ${name} declined`);
      }
    },
    // Only the failed request comes back: others decided meanwhile stay gone.
    onError: (error, { request, decision }, context) => {
      queryClient.setQueryData<RequestPages>(queryKeys.questRequests, (current) =>
        restoreRequest(current, request, context?.position ?? null),
      );
      toast.error(errorMessage(error, `Could not ${decision} the request`));
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
