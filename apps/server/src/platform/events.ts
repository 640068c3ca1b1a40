import type { NotificationType } from '@doers/contract';

/**
 * Domain events: what happened, published by the service that made it happen once its
 * transaction has committed. Subscribers (notifications today; realtime, Web Push and a Redis
 * fan-out later) are wired in app.ts. Every event and its payload is declared here, once.
 */
export type DomainEvents = {
  'checkIn.recorded': {
    checkInId: string;
    questId: string;
    userId: string;
    day: string;
    late: boolean;
  };
  'checkIn.undone': { checkInId: string; questId: string; userId: string; day: string };
  'quest.created': { questId: string; ownerId: string };
  'quest.joined': { questId: string; ownerId: string; userId: string };
  'questRequest.created': { requestId: string; questId: string; ownerId: string; userId: string };
  'questRequest.accepted': { requestId: string; questId: string; ownerId: string; userId: string };
  /** `postId`: the post it was sent from, when it was. */
  'vibe.sent': {
    vibeId: string;
    senderId: string;
    targetUserId: string;
    reason: string;
    postId: string | null;
  };
  /** `userId` began / ceased vibing with `targetId` (the follow relation). */
  'vibing.started': { userId: string; targetId: string };
  'vibing.ended': { userId: string; targetId: string };
  /** `readerIds`: whose feeds it entered, the author's included. */
  'post.created': { postId: string; authorId: string; readerIds: string[] };
  'post.smiled': { postId: string; authorId: string; userId: string };
  'post.hummed': { postId: string; authorId: string; userId: string };
  'comment.created': { commentId: string; postId: string; postAuthorId: string; userId: string };
  /** The team hid a post. */
  'post.hidden': { postId: string };
  'user.blocked': { blockerId: string; blockedId: string };
  /** What others see of a person changed: name, picture, halo, bio. */
  'profile.changed': { userId: string };
  'referral.joined': { referrerId: string; userId: string };
  'streak.milestoneReached': { userId: string; questId: string; days: number; day: string };
  'dm.sent': { messageId: string; conversationId: string; senderId: string; recipientId: string };
  /** `listenerId` played `senderId`'s message. */
  'dm.listened': {
    messageId: string;
    conversationId: string;
    senderId: string;
    listenerId: string;
    listenedAt: string;
  };
  'dm.deleted': {
    messageId: string;
    conversationId: string;
    senderId: string;
    recipientId: string;
  };
  /** `userId` opened the conversation: their unread count changed. */
  'dm.read': { conversationId: string; userId: string };
  /**
   * A notification row was written (or a fold grew) for `userId`. `inApp` false: the person
   * turned the list off for this type, so the row is for Web Push only and no line shows it.
   */
  'notification.created': {
    notificationId: string;
    userId: string;
    type: NotificationType;
    inApp: boolean;
    /** The person takes this type by push (their settings, read with the write). */
    push: boolean;
  };
  /** Some of `userId`'s notifications were marked read: their unread count changed. */
  'notifications.read': { userId: string };
  /** A report was handled: its reporter is told what came of it. */
  'report.resolved': { reportId: string; reporterId: string; outcome: string };
  /** The team hid `userId`'s content, warned or suspended them: they are told why. */
  'moderation.acted': {
    userId: string;
    action: 'hide' | 'warn' | 'suspend';
    targetType: 'post' | 'comment' | 'dm' | 'user';
    reason: string;
  };
  /**
   * An account was deactivated to be deleted, kept by signing back in, or erased: what is kept
   * in memory about who shows (feed pages, rankings) is read afresh.
   */
  'account.statusChanged': { userId: string };
  /** A session ended (sign-out, revoked, password changed): its streams close. */
  'session.ended': { userId: string; sessionId: string };
};

export type EventName = keyof DomainEvents;
export type Subscriber<K extends EventName> = (payload: DomainEvents[K]) => Promise<void> | void;

type ErrorLog = { error(details: object, message: string): void };

/**
 * A typed in-process bus. `publish` resolves once every subscriber has run, so a request's
 * consequences are in place when it answers; a failing subscriber is logged and never fails the
 * request (what happened has already committed).
 */
export class EventBus {
  readonly #subscribers = new Map<EventName, Subscriber<never>[]>();

  constructor(private readonly log: ErrorLog) {}

  subscribe<K extends EventName>(name: K, subscriber: Subscriber<K>): void {
    const list = this.#subscribers.get(name) ?? [];
    list.push(subscriber as Subscriber<never>);
    this.#subscribers.set(name, list);
  }

  async publish<K extends EventName>(name: K, payload: DomainEvents[K]): Promise<void> {
    for (const subscriber of (this.#subscribers.get(name) ?? []) as Subscriber<K>[]) {
      try {
        await subscriber(payload);
      } catch (error) {
        this.log.error({ err: error, event: name }, 'event subscriber failed');
      }
    }
  }
}
