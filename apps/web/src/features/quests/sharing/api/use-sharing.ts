import { sharingApi } from '@doers/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { questKeys } from '../../quest-keys';
import { forgetQuest, invalidateQuest } from '../../common/api/invalidate-quest';
import { retryUnlessMissing } from '../../common/api/use-quest';

export function useQuestLeaderboard(id: string, enabled = true) {
  return useQuery({
    queryKey: questKeys.leaderboard(id),
    queryFn: ({ signal }) => api.call(sharingApi.leaderboard, { params: { id }, signal }),
    enabled,
    refetchOnMount: true,
    staleTime: 60_000,
  });
}

/**
 * Readable signed out for public quests: the client sends a token only when it has one. Keyed by
 * who is looking too: after signing in, the signed-out answer must not linger.
 */
export function useSharedQuest(id: string, viewerId: string | null) {
  return useQuery({
    queryKey: [...questKeys.shared(id), viewerId ?? 'visitor'],
    queryFn: ({ signal }) => api.call(sharingApi.shared, { params: { id }, signal }),
    retry: retryUnlessMissing,
    refetchOnMount: true,
    staleTime: 60_000,
  });
}

export function useJoinQuest(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(sharingApi.join, { params: { id } }),
    onSuccess: (result) => invalidateQuest(queryClient, id, result.quest),
  });
}

export function useLeaveQuest(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(sharingApi.leave, { params: { id } }),
    onSuccess: () => forgetQuest(queryClient, id),
  });
}
