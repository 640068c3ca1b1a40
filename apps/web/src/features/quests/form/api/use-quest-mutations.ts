import { questsApi, type CreateQuestRequest, type UpdateQuestRequest } from '@doers/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { invalidateQuest } from '../../common/api/invalidate-quest';

/**
 * Creating a quest also completes the onboarding step 'first-quest' on the server; onboarding's
 * own step (which renders this form) refreshes its progress.
 */
export function useCreateQuest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateQuestRequest) => api.call(questsApi.create, { body }),
    // Sent without an Idempotency-Key: a retry after a lost answer could make two quests.
    retry: false,
    onSuccess: (quest) => invalidateQuest(queryClient, quest.id, quest),
  });
}

export function useUpdateQuest(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateQuestRequest) => api.call(questsApi.update, { params: { id }, body }),
    onSuccess: (quest) => invalidateQuest(queryClient, id, quest),
  });
}
