import type { DmMessage, NotificationView } from '@doers/contract';
import type { EventBus } from '../../../platform/events.js';
import type { RealtimeService } from './realtime.service.js';

/** How the stream reads what it sends: each person's own view of a notification or message. */
export type RealtimeViews = {
  notification(
    userId: string,
    notificationId: string,
  ): Promise<NotificationView | null | undefined>;
  dmMessage(viewerId: string, messageId: string): Promise<DmMessage | null | undefined>;
};

/**
 * What goes on the stream (docs/product/realtime.md): each domain event, once committed, becomes
 * the stream events of the people it concerns. Wired in app.ts.
 */
export function subscribeRealtime(
  events: EventBus,
  realtime: RealtimeService,
  views: RealtimeViews,
): void {
  const counts = (userId: string) => realtime.sendUnreadCounts(userId);

  events.subscribe('notification.created', async (e) => {
    // Kept for Web Push only (the person turned this type off in the list): nothing shows.
    if (e.inApp === false) return;
    await realtime.sendBuilt(e.userId, async () => {
      const notification = await views.notification(e.userId, e.notificationId);
      return notification ? { type: 'notification', notification } : null;
    });
    await counts(e.userId);
  });
  events.subscribe('notifications.read', (e) => counts(e.userId));

  // Both people see the message: the recipient's new one, the sender's other devices theirs.
  events.subscribe('dm.sent', async (e) => {
    for (const viewerId of [e.senderId, e.recipientId]) {
      const message = await views.dmMessage(viewerId, e.messageId);
      if (message) await realtime.send(viewerId, { type: 'dm', message });
    }
    await counts(e.recipientId);
  });
  events.subscribe('dm.listened', async (e) => {
    const { conversationId, messageId, listenedAt } = e;
    for (const userId of [e.senderId, e.listenerId]) {
      await realtime.send(userId, { type: 'dm-listened', conversationId, messageId, listenedAt });
    }
  });
  events.subscribe('dm.deleted', async (e) => {
    const { conversationId, messageId } = e;
    for (const userId of [e.senderId, e.recipientId]) {
      await realtime.send(userId, { type: 'dm-deleted', conversationId, messageId });
    }
    // An unheard message gone is one unread fewer.
    await counts(e.recipientId);
  });
  events.subscribe('dm.read', (e) => counts(e.userId));

  // A request to join waits on the owner: their count of requests changes either way.
  events.subscribe('questRequest.created', (e) => counts(e.ownerId));
  events.subscribe('questRequest.accepted', (e) => counts(e.ownerId));

  // What the feed and one's own posts show changed: live only (RealtimeService.sendLive).
  events.subscribe('post.created', async (e) => {
    // All at once: with Redis, one round trip's wait for the lot, not one per reader.
    const readers = e.readerIds.filter((userId) => userId !== e.authorId);
    const event = { type: 'feed-new', postId: e.postId } as const;
    await Promise.all(readers.map((userId) => realtime.sendLive(userId, event)));
  });
  const postChanged = (e: { postId: string; authorId: string }) =>
    realtime.sendLive(e.authorId, { type: 'post-changed', postId: e.postId });
  events.subscribe('post.smiled', postChanged);
  events.subscribe('post.hummed', postChanged);
  events.subscribe('comment.created', (e) =>
    postChanged({ postId: e.postId, authorId: e.postAuthorId }),
  );
  // The words of a post's voice arrived from the engine, or were corrected on another device.
  events.subscribe('transcript.changed', async (e) => {
    if (e.attachedType === 'post' && e.attachedId)
      await postChanged({ postId: e.attachedId, authorId: e.speakerId });
  });

  events.subscribe('session.ended', (e) => realtime.endSession(e.userId, e.sessionId));
}
