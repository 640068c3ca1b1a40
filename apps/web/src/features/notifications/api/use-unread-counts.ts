import { notificationsApi, type UnreadCounts } from '@doers/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useFirstScreenPainted } from '../../../lib/first-screen';
import { notificationKeys } from '../notification-keys';

const ZERO: UnreadCounts = { unreadNotifications: 0, unreadDMs: 0, unreadQuestRequests: 0 };

/**
 * Fetched once, no refetch on focus, one retry; zeros on failure (docs/product/notifications.md).
 * Not before the first screen has painted: the badges can wait a frame, the first posts cannot.
 */
export function useUnreadCounts(enabled: boolean): UnreadCounts {
  const painted = useFirstScreenPainted();
  const { data } = useQuery({
    queryKey: notificationKeys.unreadCounts,
    queryFn: ({ signal }) => api.call(notificationsApi.unreadCounts, { signal }),
    enabled: enabled && painted,
    refetchOnWindowFocus: false,
    retry: 1,
  });
  return data ?? ZERO;
}
