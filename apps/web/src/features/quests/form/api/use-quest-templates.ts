import { questsApi } from '@doers/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { questKeys } from '../../quest-keys';

/** Curated and seeded: fetched once per session, filtered by category in the picker. */
export function useQuestTemplates() {
  return useQuery({
    queryKey: questKeys.templates,
    queryFn: ({ signal }) => api.call(questsApi.templates, { signal }),
    staleTime: 60 * 60_000,
  });
}
