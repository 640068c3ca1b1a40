import { activityApi, sharingApi, type QuestRequest } from '@doers/contract';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { errorMessage } from '../../../lib/api-error';
import { reflects } from '../../../lib/query-topics';
import { toast } from '../../../lib/toast-store';
import { notificationKeys } from '../../notifications';
import { questKeys } from '../../quests';
import { activityKeys } from '../activity-keys';
import {
  findRequest,
  restoreRequest,
  withoutRequest,
  type RequestPages,
} from '../lib/request-pages';

export type RequestDecision = 'accept' | 'decline';

/** Check-ins, mine and my vibers': a check-in anywhere in the app marks it stale. */
export function useActivity() {
  return useInfiniteQuery({
    ...reflects('check-ins'),
    queryKey: activityKeys.timeline,
    queryFn: ({ pageParam, signal }) =>
      api.call(activityApi.list, { query: { cursor: pageParam ?? undefined }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchOnMount: true,
    staleTime: 60_000,
  });
}

export function useQuestRequests() {
  return useInfiniteQuery({
    queryKey: activityKeys.questRequests,
    queryFn: ({ pageParam, signal }) =>
      api.call(sharingApi.requests, { query: { cursor: pageParam ?? undefined }, signal }),
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
      api.call(sharingApi[decision], { params: { id: request.id } }),
    onMutate: async ({ request }) => {
      await queryClient.cancelQueries({ queryKey: activityKeys.questRequests });
      const data = queryClient.getQueryData<RequestPages>(activityKeys.questRequests);
      const position = findRequest(data, request.id);
      queryClient.setQueryData<RequestPages>(activityKeys.questRequests, (current) =>
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
      queryClient.setQueryData<RequestPages>(activityKeys.questRequests, (current) =>
        restoreRequest(current, request, context?.position ?? null),
      );
      toast.error(errorMessage(error, `Could not ${decision} the request`));
    },
    onSettled: (_data, _error, { request }) => {
      const questId = request.quest.id;
      for (const queryKey of [
        activityKeys.questRequests,
        notificationKeys.unreadCounts,
        questKeys.detail(questId),
        questKeys.leaderboard(questId),
        questKeys.shared(questId),
        questKeys.lists,
      ]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}
