import { restDaysApi, usersApi, type PreferencesRequest } from '@doers/contract';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { invalidateAccount, setAccount } from '../../../lib/auth/use-account';
import { questKeys } from '../../quests';
import { settingsKeys } from '../settings-keys';

/** A new day-start hour or rest day moves "today" and streaks on every quest. */
function invalidateStreaks(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: questKeys.all });
  void queryClient.invalidateQueries({ queryKey: settingsKeys.restDays });
}

export function useSetDayStartHour() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PreferencesRequest) => api.call(usersApi.setPreferences, { body }),
    onSuccess: (account) => {
      setAccount(queryClient, account);
      invalidateStreaks(queryClient);
    },
  });
}

export function useRestDays() {
  return useQuery({
    queryKey: settingsKeys.restDays,
    queryFn: ({ signal }) => api.call(restDaysApi.list, { signal }),
    refetchOnMount: true,
  });
}

export function useChangeRestDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ day, remove }: { day: string; remove?: boolean }) =>
      remove
        ? api.call(restDaysApi.remove, { params: { day } })
        : api.call(restDaysApi.add, { body: { day } }),
    onSuccess: (days) => {
      queryClient.setQueryData(settingsKeys.restDays, days);
      invalidateStreaks(queryClient);
      invalidateAccount(queryClient);
    },
  });
}
