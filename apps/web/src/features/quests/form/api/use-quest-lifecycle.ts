import { questsApi, type Quest } from '@doers/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { forgetQuest, invalidateQuest } from '../../common/api/invalidate-quest';

export type QuestLifecycleAction = 'complete' | 'abandon' | 'delete';

/** Complete, abandon or delete: each frees a slot under the active-quest limit. */
export function useQuestLifecycle(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (action: QuestLifecycleAction): Promise<Quest | null> => {
      if (action === 'delete') {
        await api.call(questsApi.delete, { params: { id } });
        return null;
      }
      return api.call(questsApi[action], { params: { id } });
    },
    onSuccess: (quest) => {
      if (quest) invalidateQuest(queryClient, id, quest);
      else forgetQuest(queryClient, id);
    },
  });
}
