import { questsApi } from '@doers/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api';

/** The composer's own keys (the rest of the posts feature has its own). */
export const composeKeys = {
  myActiveQuests: ['posts', 'compose', 'my-active-quests'] as const,
};

/**
 * The quests a post can report on: my active ones, owned or joined. Active quests are capped by
 * `limits.quests`, so one page of the largest size holds them all.
 */
export function useMyActiveQuests() {
  return useQuery({
    queryKey: composeKeys.myActiveQuests,
    queryFn: ({ signal }) =>
      api.call(questsApi.list, { query: { status: 'active', limit: 50 }, signal }),
    refetchOnMount: true,
  });
}
