import { checkInsApi } from '@doers/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { questKeys } from '../../quest-keys';

/** The weeks the calendar shows; the grid is built for the same number. */
export const CALENDAR_WEEKS = 6;

export function useQuestCalendar(id: string, enabled = true) {
  return useQuery({
    queryKey: questKeys.calendar(id),
    queryFn: ({ signal }) =>
      api.call(checkInsApi.calendar, {
        params: { id },
        query: { weeks: CALENDAR_WEEKS },
        signal,
      }),
    enabled,
    refetchOnMount: true,
    staleTime: 60_000,
  });
}
