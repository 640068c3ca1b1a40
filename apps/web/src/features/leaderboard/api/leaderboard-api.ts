import {
  leaderboardApi,
  type LeaderboardBoard,
  type LeaderboardScope,
  type LeaderboardSettings,
} from '@doers/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { invalidateAccount } from '../../../lib/auth/use-account';
import { reflects } from '../../../lib/query-topics';
import { randomId } from '../../../lib/random-id';
import { leaderboardKeys } from '../leaderboard-keys';

/** A board a page at a time; a check-in or a block anywhere makes it stale. */
export function useBoard(board: LeaderboardBoard, scope: LeaderboardScope) {
  return useInfiniteQuery({
    ...reflects('check-ins', 'blocks'),
    queryKey: leaderboardKeys.board(board, scope),
    queryFn: ({ pageParam, signal }) =>
      api.call(leaderboardApi.board, {
        query: { board, scope, cursor: pageParam ?? undefined },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchOnMount: 'always',
  });
}

/** The shared quests I am in, each a board of its own. */
export function useBoardScopes() {
  return useQuery({
    ...reflects('check-ins'),
    queryKey: leaderboardKeys.scopes,
    queryFn: ({ signal }) => api.call(leaderboardApi.scopes, { signal }),
  });
}

export function useLeaderboardSettings() {
  return useQuery({
    queryKey: leaderboardKeys.settings,
    queryFn: ({ signal }) => api.call(leaderboardApi.settings, { signal }),
    refetchOnMount: true,
  });
}

/** Hiding or showing me changes every board and perhaps who is the GOAT (my profile's badge). */
export function useSaveLeaderboardSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LeaderboardSettings) =>
      api.call(leaderboardApi.saveSettings, {
        body,
        headers: { 'Idempotency-Key': randomId() },
      }),
    onSuccess: (settings) => {
      queryClient.setQueryData(leaderboardKeys.settings, settings);
      void queryClient.invalidateQueries({ queryKey: leaderboardKeys.all });
      invalidateAccount(queryClient);
    },
  });
}
