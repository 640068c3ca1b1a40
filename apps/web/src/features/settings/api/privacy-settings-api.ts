import { usersApi, type UpdatePrivacyRequest } from '@doers/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { randomId } from '../../../lib/random-id';
import { settingsKeys } from '../settings-keys';

/** Private profile and "Show my stats" (docs/product/profiles.md#privacy). */
export function usePrivacySettings() {
  return useQuery({
    queryKey: settingsKeys.privacy,
    queryFn: ({ signal }) => api.call(usersApi.privacy, { signal }),
    refetchOnMount: true,
  });
}

export function useSavePrivacySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdatePrivacyRequest) =>
      api.call(usersApi.savePrivacy, { body, headers: { 'Idempotency-Key': randomId() } }),
    onSuccess: (settings) => queryClient.setQueryData(settingsKeys.privacy, settings),
  });
}
