import {
  moderationApi,
  type CreateReportRequest,
  type ModerationActionRequest,
} from '@doers/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const safetyKeys = {
  myReports: ['safety', 'my-reports'] as const,
  queue: ['safety', 'queue'] as const,
  audit: ['safety', 'audit'] as const,
};

export function useReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateReportRequest) => api.call(moderationApi.report, { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: safetyKeys.myReports }),
  });
}

export function useMyReports() {
  return useInfiniteQuery({
    queryKey: safetyKeys.myReports,
    queryFn: ({ pageParam, signal }) =>
      api.call(moderationApi.myReports, { query: { cursor: pageParam ?? undefined }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchOnMount: 'always',
  });
}

export function useModerationQueue() {
  return useQuery({
    queryKey: safetyKeys.queue,
    queryFn: ({ signal }) => api.call(moderationApi.queue, { signal }),
    refetchOnMount: 'always',
  });
}

export function useAuditLog() {
  return useInfiniteQuery({
    queryKey: safetyKeys.audit,
    queryFn: ({ pageParam, signal }) =>
      api.call(moderationApi.audit, { query: { cursor: pageParam ?? undefined }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchOnMount: 'always',
  });
}

/** An admin lifts a suspension: the audit log gains the entry, its line loses the button. */
export function useLiftSuspension() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, reason }: { userId: string; reason: string }) =>
      api.call(moderationApi.liftSuspension, { params: { userId }, body: { reason } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: safetyKeys.audit }),
  });
}

/** An action leaves the queue and joins the audit log. */
export function useModerationAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ModerationActionRequest) => api.call(moderationApi.act, { body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: safetyKeys.queue });
      void queryClient.invalidateQueries({ queryKey: safetyKeys.audit });
    },
  });
}
