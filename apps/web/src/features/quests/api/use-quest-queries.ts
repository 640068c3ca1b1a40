import type { QuestStatus } from '@doers/contract';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { isApiError } from '../../../lib/api-error';
import { queryKeys } from '../../../lib/query-keys';
import {
  fetchQuest,
  fetchQuestCalendar,
  fetchQuestLeaderboard,
  fetchQuestList,
  fetchQuestTemplates,
  fetchSharedQuest,
} from './quests-api';

/** A 404 is an answer ("not there or not yours"), not a hiccup worth retrying. */
const retryUnlessMissing = (failures: number, error: Error) =>
  !(isApiError(error) && (error.statusCode === 404 || error.statusCode === 403)) && failures < 1;

export function useQuestList(status: QuestStatus, enabled = true) {
  return useInfiniteQuery({
    enabled,
    queryKey: queryKeys.quests(status),
    queryFn: ({ pageParam, signal }) => fetchQuestList(status, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // Today's state changes with the clock: coming back to the list should show it fresh.
    refetchOnMount: true,
    staleTime: 60_000,
  });
}

export function useQuest(id: string) {
  return useQuery({
    queryKey: queryKeys.quest(id),
    queryFn: ({ signal }) => fetchQuest(id, signal),
    retry: retryUnlessMissing,
    refetchOnMount: true,
    staleTime: 60_000,
  });
}

/** Curated and seeded: fetched once per session, filtered by category in the picker. */
export function useQuestTemplates() {
  return useQuery({
    queryKey: queryKeys.questTemplates,
    queryFn: ({ signal }) => fetchQuestTemplates(signal),
    staleTime: 60 * 60_000,
  });
}

export function useQuestCalendar(id: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.questCalendar(id),
    queryFn: ({ signal }) => fetchQuestCalendar(id, signal),
    enabled,
    refetchOnMount: true,
    staleTime: 60_000,
  });
}

export function useQuestLeaderboard(id: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.questLeaderboard(id),
    queryFn: ({ signal }) => fetchQuestLeaderboard(id, signal),
    enabled,
    refetchOnMount: true,
    staleTime: 60_000,
  });
}

/** Keyed by who is looking too: after signing in, the signed-out answer must not linger. */
export function useSharedQuest(id: string, viewerId: string | null) {
  return useQuery({
    queryKey: [...queryKeys.sharedQuest(id), viewerId ?? 'visitor'],
    queryFn: ({ signal }) => fetchSharedQuest(id, signal),
    retry: retryUnlessMissing,
    refetchOnMount: true,
    staleTime: 60_000,
  });
}
