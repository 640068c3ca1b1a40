import { dmsApi, type DmSettings } from '@doers/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { randomId } from '../../../lib/random-id';
import { settingsKeys } from '../settings-keys';

/** Who may message me (docs/product/messages.md#who-can-message-you). */
export function useDmSettings() {
  return useQuery({
    queryKey: settingsKeys.dmSettings,
    queryFn: ({ signal }) => api.call(dmsApi.settings, { signal }),
    refetchOnMount: true,
  });
}

export function useSetDmSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DmSettings) =>
      api.call(dmsApi.updateSettings, { body, headers: { 'Idempotency-Key': randomId() } }),
    onSuccess: (settings) => queryClient.setQueryData(settingsKeys.dmSettings, settings),
  });
}
