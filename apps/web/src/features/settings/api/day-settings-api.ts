import { restDays, user, type PreferencesRequest, type RestDays, type User } from '@doers/contract';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { invalidateAccount, setAccount } from '../../../lib/auth/use-account';
import { queryKeys } from '../../../lib/query-keys';

/** A new day-start hour or rest day moves "today" and streaks on every quest. */
function invalidateStreaks(queryClient: QueryClient): void {
  for (const queryKey of [
    queryKeys.questLists,
    queryKeys.questDetails,
    queryKeys.questCalendars,
    queryKeys.restDays,
  ]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}

export function useSetDayStartHour() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PreferencesRequest): Promise<User> =>
      api.patch('/users/me/preferences', body, { schema: user }),
    onSuccess: (account) => {
      setAccount(queryClient, account);
      invalidateStreaks(queryClient);
    },
  });
}

export function useRestDays() {
  return useQuery({
    queryKey: queryKeys.restDays,
    queryFn: ({ signal }): Promise<RestDays> =>
      api.get('/users/me/rest-days', { schema: restDays, signal }),
    refetchOnMount: true,
  });
}

export function useChangeRestDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ day, remove }: { day: string; remove?: boolean }): Promise<RestDays> =>
      remove
        ? api.delete(`/users/me/rest-days/${encodeURIComponent(day)}`, { schema: restDays })
        : api.post('/users/me/rest-days', { day }, { schema: restDays }),
    onSuccess: (days) => {
      queryClient.setQueryData(queryKeys.restDays, days);
      invalidateStreaks(queryClient);
      invalidateAccount(queryClient);
    },
  });
}
