import {
  questsApi,
  usersApi,
  vibesApi,
  type PublicUser,
  type VibeReasonChoice,
} from '@doers/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queuedEndpoint, sendOrQueueAction } from '../../../lib/offline-queue';
import { isApiError } from '../../../lib/api-error';
import { invalidateAccount } from '../../../lib/auth/use-account';
import { reflects } from '../../../lib/query-topics';
import { profileKeys } from '../profile-keys';

/** Someone's profile (`GET /users/{id}`); for oneself the server answers the full User. */
export function useUserProfile(userId: string, enabled = true) {
  return useQuery<PublicUser>({
    // A block changes the whole profile (docs/product/blocking.md); a vibe its figures.
    ...reflects('blocks', 'people'),
    queryKey: profileKeys.user(userId),
    queryFn: ({ signal }) => api.call(usersApi.get, { params: { id: userId }, signal }),
    enabled,
    refetchOnMount: true,
    // A missing person stays missing: no retry on 400/404.
    retry: (count, error) =>
      count < 1 && !('statusCode' in error && [400, 404].includes(Number(error.statusCode))),
  });
}

/** The quests on my own profile: the active ones, the first page. */
export function useMyActiveQuests(enabled = true) {
  return useQuery({
    queryKey: profileKeys.myQuests,
    queryFn: ({ signal }) =>
      api.call(questsApi.list, { query: { status: 'active', limit: 10 }, signal }),
    enabled,
    refetchOnMount: true,
  });
}

/**
 * A vibe to someone, with a reason; the first one also starts me vibing with them. Offline (or
 * with the answer lost) it waits in the offline queue under its Idempotency-Key.
 */
export function useSendVibe(targetUserId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: ({ vibeReason, key }: { vibeReason: VibeReasonChoice; key: string }) => {
      const body = { targetUserId, vibeReason };
      return sendOrQueueAction(
        {
          type: 'vibe',
          ...queuedEndpoint(vibesApi.send, {}),
          body,
          idempotencyKey: key,
          subject: targetUserId,
        },
        () => api.call(vibesApi.send, { body, headers: { 'Idempotency-Key': key } }),
      );
    },
    onSuccess: (outcome) => {
      if (outcome.queued) return;
      // Their vibers and my vibing-with figures move.
      void queryClient.invalidateQueries({ queryKey: profileKeys.user(targetUserId) });
      invalidateAccount(queryClient);
    },
  });
}

/** Someone else's active quests that I may see, newest first, a page at a time. */
export function useUserQuests(userId: string) {
  return useInfiniteQuery({
    queryKey: profileKeys.userQuests(userId),
    queryFn: ({ pageParam, signal }) =>
      api.call(questsApi.ofUser, {
        params: { id: userId },
        query: { status: 'active', limit: 10, cursor: pageParam ?? undefined },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchOnMount: 'always',
  });
}

/** I stop vibing with someone; already not vibing counts as done. */
export function useStopVibing(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await api.call(vibesApi.stopVibing, { params: { userId } });
      } catch (error) {
        if (!isApiError(error) || error.statusCode !== 404) throw error;
      }
    },
    onSuccess: () => {
      // Their vibers figure, my view of them and of their vibers-only quests all move.
      void queryClient.invalidateQueries({ queryKey: profileKeys.user(userId) });
      void queryClient.invalidateQueries({ queryKey: profileKeys.userQuests(userId) });
      invalidateAccount(queryClient);
    },
  });
}
