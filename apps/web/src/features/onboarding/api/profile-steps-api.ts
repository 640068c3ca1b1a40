import { usersApi, type SetVoiceIntroRequest, type User } from '@doers/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { setAccount } from '../../../lib/auth/use-account';
import { onboardingKeys } from '../onboarding-keys';

/** Every interest one can choose; the list changes rarely. */
export function useInterestList() {
  return useQuery({
    queryKey: onboardingKeys.interests,
    queryFn: ({ signal }) => api.call(usersApi.interests, { signal }),
    staleTime: 60 * 60_000,
  });
}

/** A profile write that answers the fresh User: it replaces the account copy. */
function useProfileWrite<T>(write: (input: T) => Promise<User>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (user) => setAccount(queryClient, user),
  });
}

export const useSaveAvatar = () =>
  useProfileWrite((mediaId: string) => api.call(usersApi.setAvatar, { body: { mediaId } }));

export const useSaveVoiceIntro = () =>
  useProfileWrite((body: SetVoiceIntroRequest) => api.call(usersApi.setVoiceIntro, { body }));

export const useSaveInterests = () =>
  useProfileWrite((ids: string[]) => api.call(usersApi.setInterests, { body: { ids } }));
