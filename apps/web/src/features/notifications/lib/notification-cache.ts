import type { NotificationPage, NotificationView, UnreadCounts } from '@doers/contract';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { notificationKeys } from '../notification-keys';

type ListData = InfiniteData<NotificationPage, string | null>;

/**
 * A line arrived (realtime) or grew: it goes to the top of the cached list, replacing the line it
 * was before (the server sends the whole fold, whose id is its newest notification's, so a line
 * that grew is found by any notification it still holds: the one cached is dropped by type and
 * subject). Nothing happens while the list has not been loaded.
 */
export function applyNotification(queryClient: QueryClient, view: NotificationView): void {
  queryClient.setQueryData<ListData>(notificationKeys.list, (current) => {
    if (!current) return current;
    const same = sameLine(view);
    const pages = current.pages.map((page, index) => {
      const items = page.items.filter((item) => item.id !== view.id && !same(item));
      return index === 0 ? { ...page, items: [view, ...items] } : { ...page, items };
    });
    return { ...current, pages };
  });
}

/** The badge's figures, as the server (or the stream) gave them. */
export function applyUnreadCounts(queryClient: QueryClient, counts: UnreadCounts): void {
  queryClient.setQueryData(notificationKeys.unreadCounts, counts);
}

/** Whether a cached line is the same fold as `view` (docs/product/notifications.md#folding). */
function sameLine(view: NotificationView): (item: NotificationView) => boolean {
  const key = subjectOf(view);
  const day = localDate(view.createdAt);
  if (key === null) return () => false;
  return (item) =>
    item.type === view.type && subjectOf(item) === key && localDate(item.createdAt) === day;
}

function subjectOf(view: NotificationView): string | null {
  switch (view.type) {
    case 'smile':
    case 'hum':
    case 'comment':
      return view.data.postId;
    case 'quest_joined':
    case 'quest_request':
      return view.data.questId;
    case 'dm':
      return view.data.conversationId;
    default:
      return null;
  }
}

function localDate(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;
}
