import type { CreateQuestRequest, Quest, UpdateQuestRequest } from '@doers/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { invalidateQuest } from './invalidate-quest';
import {
  deleteQuest,
  patchQuest,
  postJoinQuest,
  postLeaveQuest,
  postQuest,
  postQuestAction,
} from './quests-api';

/** Creating a quest also completes the onboarding step 'first-quest' on the server. */
export function useCreateQuest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateQuestRequest) => postQuest(body),
    // A create is not idempotent: a retry after a lost answer could make two quests.
    retry: false,
    onSuccess: (quest) => {
      invalidateQuest(queryClient, quest.id, quest);
      void queryClient.invalidateQueries({ queryKey: queryKeys.onboardingProgress });
    },
  });
}

export function useUpdateQuest(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateQuestRequest) => patchQuest(id, body),
    onSuccess: (quest) => invalidateQuest(queryClient, id, quest),
  });
}

export type QuestLifecycleAction = 'complete' | 'abandon' | 'delete';

/** Complete, abandon or delete: each frees a slot under the active-quest limit. */
export function useQuestLifecycle(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (action: QuestLifecycleAction): Promise<Quest | null> => {
      if (action === 'delete') {
        await deleteQuest(id);
        return null;
      }
      return postQuestAction(id, action);
    },
    onSuccess: (quest, action) => {
      if (action === 'delete') {
        queryClient.removeQueries({ queryKey: queryKeys.quest(id) });
        invalidateQuest(queryClient, id);
      } else {
        invalidateQuest(queryClient, id, quest ?? undefined);
      }
    },
  });
}

export function useJoinQuest(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => postJoinQuest(id),
    onSuccess: (result) => invalidateQuest(queryClient, id, result.quest),
  });
}

export function useLeaveQuest(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => postLeaveQuest(id),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: queryKeys.quest(id) });
      invalidateQuest(queryClient, id);
    },
  });
}
