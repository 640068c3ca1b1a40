import type { UnreadCounts } from '@doers/contract';
import type { DomainEvents } from '../../platform/events.js';
import type { NotificationsRepository } from './notifications.repository.js';

/**
 * Notifications (docs/product/notifications.md). Nothing else writes them: this module
 * subscribes to what happened (app.ts wires each event to the handler below).
 */
export class NotificationsService {
  constructor(private readonly deps: { notifications: NotificationsRepository }) {}

  async unreadCounts(userId: string): Promise<UnreadCounts> {
    const counts = await this.deps.notifications.unreadCounts(userId);
    // Direct messages arrive with their own feature; until then there are none.
    return {
      unreadNotifications: counts.notifications,
      unreadDMs: 0,
      unreadQuestRequests: counts.requests,
    };
  }

  async vibeSent(e: DomainEvents['vibe.sent']): Promise<void> {
    await this.deps.notifications.insert({
      userId: e.targetUserId,
      type: 'vibe',
      actorId: e.senderId,
      data: { vibeId: e.vibeId, reason: e.reason },
    });
  }

  async referralJoined(e: DomainEvents['referral.joined']): Promise<void> {
    await this.deps.notifications.insert({
      userId: e.referrerId,
      type: 'referral_joined',
      actorId: e.userId,
      data: {},
    });
  }

  async questRequestCreated(e: DomainEvents['questRequest.created']): Promise<void> {
    await this.deps.notifications.insert({
      userId: e.ownerId,
      type: 'quest_request',
      actorId: e.userId,
      data: { questId: e.questId, requestId: e.requestId },
    });
  }

  async questRequestAccepted(e: DomainEvents['questRequest.accepted']): Promise<void> {
    await this.deps.notifications.insert({
      userId: e.userId,
      type: 'quest_request_accepted',
      actorId: e.ownerId,
      data: { questId: e.questId },
    });
  }

  async questJoined(e: DomainEvents['quest.joined']): Promise<void> {
    await this.deps.notifications.insert({
      userId: e.ownerId,
      type: 'quest_joined',
      actorId: e.userId,
      data: { questId: e.questId },
    });
  }

  async postSmiled(e: DomainEvents['post.smiled']): Promise<void> {
    if (e.userId === e.authorId) return;
    await this.deps.notifications.insert({
      userId: e.authorId,
      type: 'smile',
      actorId: e.userId,
      data: { postId: e.postId },
    });
  }

  async postHummed(e: DomainEvents['post.hummed']): Promise<void> {
    if (e.userId === e.authorId) return;
    await this.deps.notifications.insert({
      userId: e.authorId,
      type: 'hum',
      actorId: e.userId,
      data: { postId: e.postId },
    });
  }

  async commentCreated(e: DomainEvents['comment.created']): Promise<void> {
    if (e.userId === e.postAuthorId) return;
    await this.deps.notifications.insert({
      userId: e.postAuthorId,
      type: 'comment',
      actorId: e.userId,
      data: { postId: e.postId, commentId: e.commentId },
    });
  }

  /** Undo and redo reach the same milestone again: celebrated each time, notified once. */
  async milestoneReached(e: DomainEvents['streak.milestoneReached']): Promise<void> {
    await this.deps.notifications.insertOnce({
      userId: e.userId,
      type: 'streak_milestone',
      actorId: null,
      data: { questId: e.questId, days: e.days, day: e.day },
    });
  }
}
