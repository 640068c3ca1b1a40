import {
  NOTIFICATION_TYPES,
  firstLineOf,
  type MarkNotificationsReadRequest,
  type NewNotification,
  type NotificationChannels,
  type NotificationPage,
  type NotificationSettings,
  type NotificationType,
  type NotificationView,
  type UnreadCounts,
} from '@doers/contract';
import type { Queryable } from '../../../db/database.js';
import type { Clock } from '../../../platform/clock.js';
import type { Delivery, DomainEvents, EventBus } from '../../../platform/events.js';
import { decodeCursor, page } from '../../../platform/pagination.js';
import type { LineRow, NotificationLinesRepository } from './notification-lines.repository.js';
import type {
  NotificationSettingsRepository,
  SettingsRow,
} from './notification-settings.repository.js';
import type { NotificationsRepository } from './notifications.repository.js';

/** Every type is on in both channels until the person turns it off; no reminder until asked. */
const ON: NotificationChannels = { inApp: true, push: true };

/** A notification row as written: whether its line shows in the list, and is for push. */
export type WrittenLine = { id: string; inApp: boolean; push: boolean };

/**
 * Notifications (docs/product/notifications.md). Nothing else writes them: this module handles
 * what happened (app-events.ts wires each event to a method below). An event may be delivered
 * twice (platform/outbox.ts): each method passes its `Delivery` on, and the notification it
 * wrote the first time is found again instead of written twice.
 */
export class NotificationsService {
  constructor(
    private readonly deps: {
      notifications: NotificationsRepository;
      lines: NotificationLinesRepository;
      settings: NotificationSettingsRepository;
      events: EventBus;
      clock: Clock;
    },
  ) {}

  /**
   * Writes a notification (folding it into its line) and tells subscribers: realtime shows the
   * line (`inApp` false: the person turned the list off for this type, only Web Push may use it).
   * Returns the notification's id, or null when nothing was written (blocked either way, both
   * channels off, a repeat the fold skips).
   */
  async write(n: NewNotification, delivery?: Delivery): Promise<string | null> {
    const written = await this.deps.lines.write(n, delivery?.id ?? null);
    if (!written) return null;
    await this.published(n, { id: written.id, inApp: written.in_app, push: written.push });
    return written.id;
  }

  /** The same inside the caller's transaction, which publishes once it has committed. */
  async writeIn(tx: Queryable, n: NewNotification): Promise<WrittenLine | null> {
    const [written] = await this.deps.lines.writeMany(
      [{ n, source: null }],
      this.deps.clock.now(),
      tx,
    );
    if (!written) return null;
    const line = { id: written.id, inApp: written.in_app, push: written.push };
    // Kept with the transaction: its push is not lost to a crash after the commit.
    await this.deps.events.record(tx, 'notification.created', createdEvent(n, line));
    return line;
  }

  /**
   * After a write by an event's handler: that event stays in the outbox until this has run, so
   * the push is not lost to a crash in between (a second delivery finds the notification and
   * comes here again; push sends each notification once to each device).
   */
  private async published(n: NewNotification, written: WrittenLine): Promise<void> {
    await this.deps.events.publish('notification.created', createdEvent(n, written));
  }

  /** The person's lines, newest first, a page at a time (the web app groups them by day). */
  async list(
    userId: string,
    query: { cursor?: string | undefined; limit: number },
  ): Promise<NotificationPage> {
    const { limit } = query;
    const rows = await this.deps.lines.page(userId, decodeCursor(query.cursor), limit);
    const { items, nextCursor } = page(rows, limit, (r) => ({ at: r.at, id: r.id }));
    return { items: items.map(toView), nextCursor };
  }

  /** The line `notificationId` belongs to now, or null when it is not this person's. */
  async view(userId: string, notificationId: string): Promise<NotificationView | null> {
    const row = await this.deps.lines.line(userId, notificationId);
    return row ? toView(row) : null;
  }

  /** Marks the given lines (or every line) read and answers the new counts. */
  async markRead(userId: string, body: MarkNotificationsReadRequest): Promise<UnreadCounts> {
    const marked = await this.deps.lines.markRead(userId, body.ids ?? null, this.deps.clock.now());
    if (marked > 0) await this.deps.events.publish('notifications.read', { userId });
    return this.unreadCounts(userId);
  }

  async settings(userId: string): Promise<NotificationSettings> {
    return toSettings(await this.deps.settings.find(userId));
  }

  async updateSettings(
    userId: string,
    change: {
      types?: Partial<Record<NotificationType, NotificationChannels>> | undefined;
      reminderHour?: number | null | undefined;
    },
  ): Promise<NotificationSettings> {
    const row = await this.deps.settings.save(
      userId,
      { types: change.types ?? {}, reminderHour: change.reminderHour },
      this.deps.clock.now(),
    );
    return toSettings(row);
  }

  async dmSent(e: DomainEvents['dm.sent'], delivery?: Delivery): Promise<void> {
    await this.write(
      {
        userId: e.recipientId,
        type: 'dm',
        actorId: e.senderId,
        data: { conversationId: e.conversationId, messageId: e.messageId },
      },
      delivery,
    );
  }

  async unreadCounts(userId: string): Promise<UnreadCounts> {
    const counts = await this.deps.notifications.unreadCounts(userId);
    return {
      unreadNotifications: counts.notifications,
      unreadDMs: counts.dms,
      unreadQuestRequests: counts.requests,
    };
  }

  async vibeSent(e: DomainEvents['vibe.sent'], delivery?: Delivery): Promise<void> {
    await this.write(
      {
        userId: e.targetUserId,
        type: 'vibe',
        actorId: e.senderId,
        data: { vibeId: e.vibeId, reason: e.reason },
      },
      delivery,
    );
  }

  async referralJoined(e: DomainEvents['referral.joined'], delivery?: Delivery): Promise<void> {
    await this.write(
      {
        userId: e.referrerId,
        type: 'referral_joined',
        actorId: e.userId,
        data: {},
      },
      delivery,
    );
  }

  /** From the app itself (no actor): what came of a report. */
  async reportResolved(e: DomainEvents['report.resolved'], delivery?: Delivery): Promise<void> {
    await this.write(
      {
        userId: e.reporterId,
        type: 'report_handled',
        actorId: null,
        data: { reportId: e.reportId, outcome: e.outcome },
      },
      delivery,
    );
  }

  /** From the app itself: the team acted on the person's content or account, and why. */
  async moderationActed(e: DomainEvents['moderation.acted'], delivery?: Delivery): Promise<void> {
    await this.write(
      {
        userId: e.userId,
        type: 'moderation',
        actorId: null,
        data: { action: e.action, targetType: e.targetType, reason: e.reason },
      },
      delivery,
    );
  }

  async questRequestCreated(
    e: DomainEvents['questRequest.created'],
    delivery?: Delivery,
  ): Promise<void> {
    await this.write(
      {
        userId: e.ownerId,
        type: 'quest_request',
        actorId: e.userId,
        data: { questId: e.questId, requestId: e.requestId },
      },
      delivery,
    );
  }

  async questRequestAccepted(
    e: DomainEvents['questRequest.accepted'],
    delivery?: Delivery,
  ): Promise<void> {
    await this.write(
      {
        userId: e.userId,
        type: 'quest_request_accepted',
        actorId: e.ownerId,
        data: { questId: e.questId },
      },
      delivery,
    );
  }

  async questJoined(e: DomainEvents['quest.joined'], delivery?: Delivery): Promise<void> {
    await this.write(
      {
        userId: e.ownerId,
        type: 'quest_joined',
        actorId: e.userId,
        data: { questId: e.questId },
      },
      delivery,
    );
  }

  async postSmiled(e: DomainEvents['post.smiled'], delivery?: Delivery): Promise<void> {
    if (e.userId === e.authorId) return;
    await this.write(
      {
        userId: e.authorId,
        type: 'smile',
        actorId: e.userId,
        data: { postId: e.postId },
      },
      delivery,
    );
  }

  async postHummed(e: DomainEvents['post.hummed'], delivery?: Delivery): Promise<void> {
    if (e.userId === e.authorId) return;
    await this.write(
      {
        userId: e.authorId,
        type: 'hum',
        actorId: e.userId,
        data: { postId: e.postId },
      },
      delivery,
    );
  }

  async commentCreated(e: DomainEvents['comment.created'], delivery?: Delivery): Promise<void> {
    if (e.userId === e.postAuthorId) return;
    await this.write(
      {
        userId: e.postAuthorId,
        type: 'comment',
        actorId: e.userId,
        data: { postId: e.postId, commentId: e.commentId },
      },
      delivery,
    );
  }

  /** Undo and redo reach the same milestone again: celebrated each time, notified once. */
  async milestoneReached(
    e: DomainEvents['streak.milestoneReached'],
    delivery?: Delivery,
  ): Promise<void> {
    await this.write(
      {
        userId: e.userId,
        type: 'streak_milestone',
        actorId: null,
        data: { questId: e.questId, days: e.days, day: e.day },
      },
      delivery,
    );
  }

  /** After a person's erasure: others' lines that named them are rebuilt from what is left. */
  refoldWithout(tx: Queryable, userId: string): Promise<void> {
    return this.deps.lines.refold(tx, userId);
  }
}

function toView(r: LineRow): NotificationView {
  const excerpt = r.excerpt ? firstLineOf(r.excerpt) : '';
  return {
    id: r.id,
    type: r.type,
    data: r.data,
    actors: r.actors,
    actorCount: Math.max(r.actor_count, r.actors.length),
    read: r.read,
    createdAt: r.at.toISOString(),
    ...(excerpt ? { excerpt } : {}),
  } as NotificationView;
}

function toSettings(row: SettingsRow | null): NotificationSettings {
  const types = Object.fromEntries(
    NOTIFICATION_TYPES.map((t) => [t, { ...ON, ...row?.types[t] }]),
  ) as NotificationSettings['types'];
  return { types, reminderHour: row?.reminder_hour ?? null };
}

function createdEvent(n: NewNotification, line: WrittenLine): DomainEvents['notification.created'] {
  return {
    notificationId: line.id,
    userId: n.userId,
    type: n.type,
    inApp: line.inApp,
    push: line.push,
  };
}
