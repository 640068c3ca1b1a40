import { authApi, type ChangePasswordRequest, type SessionsResponse } from '@doers/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { isApiError } from '../../../lib/api-error';
import { settingsKeys } from '../settings-keys';

/** My signed-in devices (docs/product/accounts-and-sessions.md), fresh each time it is opened. */
export function useSessions() {
  return useQuery({
    queryKey: settingsKeys.sessions,
    queryFn: ({ signal }) => api.call(authApi.sessions, { signal }),
    refetchOnMount: 'always',
  });
}

/** Signs one other device out; one already gone counts as done. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      try {
        await api.call(authApi.endSession, { params: { id } });
      } catch (error) {
        if (!isApiError(error) || error.statusCode !== 404) throw error;
      }
    },
    onSuccess: (_nothing, id) => {
      queryClient.setQueryData<SessionsResponse>(settingsKeys.sessions, (current) =>
        current ? { sessions: current.sessions.filter((s) => s.id !== id) } : current,
      );
      void queryClient.invalidateQueries({ queryKey: settingsKeys.sessions });
    },
  });
}

/** "Sign out of all other devices". */
export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(authApi.endOtherSessions),
    onSuccess: () => {
      queryClient.setQueryData<SessionsResponse>(settingsKeys.sessions, (current) =>
        current ? { sessions: current.sessions.filter((s) => s.current) } : current,
      );
      void queryClient.invalidateQueries({ queryKey: settingsKeys.sessions });
    },
  });
}

/** A new password; the server signs every other device out. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePasswordRequest) => api.call(authApi.changePassword, { body }),
    // A retry after a lost answer would check the old password against the new one.
    retry: false,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: settingsKeys.sessions }),
  });
}
