import {
  notificationsApi,
  type NotificationChannels,
  type NotificationSettings,
  type NotificationType,
} from '@doers/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { applyUnreadCounts } from '../lib/notification-cache';
import { notificationKeys } from '../notification-keys';

/** The folded list, newest first; fetched again each time the screen opens. */
export function useNotifications() {
  return useInfiniteQuery({
    queryKey: notificationKeys.list,
    queryFn: ({ pageParam, signal }) =>
      api.call(notificationsApi.list, { query: { cursor: pageParam ?? undefined }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchOnMount: 'always',
  });
}

/** Marks these lines read (every line without ids); the badge takes the server's new counts. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => api.call(notificationsApi.markRead, { body: { ids } }),
    onSuccess: (counts) => applyUnreadCounts(queryClient, counts),
  });
}

export function useNotificationSettings() {
  return useQuery({
    queryKey: notificationKeys.settings,
    queryFn: ({ signal }) => api.call(notificationsApi.settings, { signal }),
    refetchOnMount: 'always',
  });
}

export type SettingsChange = {
  types?: Partial<Record<NotificationType, NotificationChannels>>;
  reminderHour?: number | null;
};

/**
 * Saves a change optimistically: the switch moves at once, and moves back (with the error shown
 * by the caller) if the server refuses.
 */
export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: SettingsChange) =>
      api.call(notificationsApi.updateSettings, { body: change }),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.settings });
      const before = queryClient.getQueryData<NotificationSettings>(notificationKeys.settings);
      if (before) {
        queryClient.setQueryData<NotificationSettings>(notificationKeys.settings, {
          types: { ...before.types, ...change.types },
          reminderHour:
            change.reminderHour === undefined ? before.reminderHour : change.reminderHour,
        });
      }
      return { before };
    },
    onError: (_error, _change, context) => {
      if (context?.before) queryClient.setQueryData(notificationKeys.settings, context.before);
    },
    onSuccess: (saved) => queryClient.setQueryData(notificationKeys.settings, saved),
  });
}
