import type { StreamEvent } from '@doers/contract';
import type { QueryClient } from '@tanstack/react-query';
import { applyDmDeleted, applyDmListened, applyDmMessage, dmKeys } from '../../dms';
import { applyNotification, applyUnreadCounts, notificationKeys } from '../../notifications';
import { applyFeedNews, refreshPost } from '../../posts';

/**
 * Puts what the stream brings into the query cache, through the owning features' own cache
 * updates, so every screen showing it changes without a reload.
 */
export function applyStreamEvent(queryClient: QueryClient, event: StreamEvent): void {
  switch (event.type) {
    case 'notification':
      return applyNotification(queryClient, event.notification);
    case 'dm':
      return applyDmMessage(queryClient, event.message);
    case 'dm-listened':
      return applyDmListened(queryClient, event);
    case 'dm-deleted':
      return applyDmDeleted(queryClient, event);
    case 'feed-new':
      return applyFeedNews(queryClient);
    case 'post-changed':
      return void refreshPost(queryClient, event.postId);
    case 'unread-counts':
      applyUnreadCounts(queryClient, event.counts);
      // What was missed could not be replayed: the lists are fetched again.
      if (event.resync) {
        void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
        void queryClient.invalidateQueries({ queryKey: dmKeys.all });
      }
      return;
  }
}
