import { questsApi, type QuestStatus } from '@doers/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { questKeys } from '../../quest-keys';

export const QUEST_PAGE_SIZE = 20;

/** One tab of the quests list; the active tab also carries the active-quest limit. */
export function useQuestList(status: QuestStatus, enabled = true) {
  return useInfiniteQuery({
    enabled,
    queryKey: questKeys.list(status),
    queryFn: ({ pageParam, signal }) =>
      api.call(questsApi.list, {
        query: { status, limit: QUEST_PAGE_SIZE, cursor: pageParam ?? undefined },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // Today's state changes with the clock: coming back to the list should show it fresh.
    refetchOnMount: true,
    staleTime: 60_000,
  });
}
