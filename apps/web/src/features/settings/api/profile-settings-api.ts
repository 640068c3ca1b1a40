import { usersApi, type SetVoiceIntroRequest, type UpdateProfileRequest } from '@doers/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { setAccount } from '../../../lib/auth/use-account';
import { settingsKeys } from '../settings-keys';

/**
 * The profile writes of /settings/profile and /settings/interests. Each answers the fresh User,
 * which replaces the one account copy, so /profile shows the change at once.
 */
function useAccountWrite<T>(write: (input: T) => Promise<Parameters<typeof setAccount>[1]>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (user) => setAccount(queryClient, user),
  });
}

export function useUpdateProfile() {
  return useAccountWrite((body: UpdateProfileRequest) =>
    api.call(usersApi.updateProfile, { body }),
  );
}

export function useSetAvatar() {
  return useAccountWrite((mediaId: string) => api.call(usersApi.setAvatar, { body: { mediaId } }));
}

export function useSetVoiceIntro() {
  return useAccountWrite((body: SetVoiceIntroRequest) =>
    api.call(usersApi.setVoiceIntro, { body }),
  );
}

export function useRemoveVoiceIntro() {
  return useAccountWrite(() => api.call(usersApi.removeVoiceIntro));
}

/** Every interest one can choose; the list changes rarely. */
export function useInterestList() {
  return useQuery({
    queryKey: settingsKeys.interests,
    queryFn: ({ signal }) => api.call(usersApi.interests, { signal }),
    staleTime: 60 * 60_000,
  });
}

export function useSetInterests() {
  return useAccountWrite((ids: string[]) => api.call(usersApi.setInterests, { body: { ids } }));
}
