import { statsApi } from '@doers/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { reflects } from '../../../lib/query-topics';

export const statsKeys = { report: ['stats', 'report'] as const };

/** My figures and their history; a check-in, a post or a reaction elsewhere makes it stale. */
export function useStatsReport() {
  return useQuery({
    ...reflects('check-ins', 'posts', 'people'),
    queryKey: statsKeys.report,
    queryFn: ({ signal }) => api.call(statsApi.report, { signal }),
    refetchOnMount: 'always',
  });
}
