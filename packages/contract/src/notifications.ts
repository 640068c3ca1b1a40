import { z } from 'zod';
import { endpoint } from './http.js';
import { pageOf, pageQuery } from './pagination.js';
import { personSummary } from './users.js';

/**
 * Every kind of notification and the data it carries (docs/product/notifications.md). The
 * server writes only these shapes; the web app reads them without guessing.
 */
export const notificationPayloads = {
  vibe: z.object({ vibeId: z.string(), reason: z.string() }),
  smile: z.object({ postId: z.string() }),
  hum: z.object({ postId: z.string() }),
  comment: z.object({ postId: z.string(), commentId: z.string() }),
  referral_joined: z.object({}),
  quest_request: z.object({ questId: z.string(), requestId: z.string() }),
  quest_request_accepted: z.object({ questId: z.string() }),
  quest_joined: z.object({ questId: z.string() }),
  /** `day` is the person's day the milestone was reached: undo and redo notify once. */
  streak_milestone: z.object({ questId: z.string(), days: z.number().int(), day: z.string() }),
  dm: z.object({ conversationId: z.string(), messageId: z.string() }),
  /** The daily reminder: `day` is the person's day that has no check-in yet on these quests. */
  streak_reminder: z.object({ day: z.string(), questIds: z.array(z.string()) }),
  /** A report I made was handled: what the team did, in words. */
  report_handled: z.object({ reportId: z.string(), outcome: z.string() }),
  /** The team acted on my content or account (hid it, warned me, suspended me), and why. */
  moderation: z.object({
    action: z.enum(['hide', 'warn', 'suspend']),
    targetType: z.enum(['post', 'comment', 'dm', 'user']),
    reason: z.string(),
  }),
} as const;

export type NotificationType = keyof typeof notificationPayloads;
export const NOTIFICATION_TYPES = Object.keys(notificationPayloads) as NotificationType[];
export type NotificationPayload<T extends NotificationType> = z.infer<
  (typeof notificationPayloads)[T]
>;

/** A notification to write: whom it is for, who caused it (null: the app itself), what. */
export type NewNotification = {
  [T in NotificationType]: {
    userId: string;
    type: T;
    actorId: string | null;
    data: NotificationPayload<T>;
  };
}[NotificationType];

/**
 * One line of the list: notifications of one type about one thing on one day fold into it
 * ('maya and 3 others smiled at your post'). `id` and `data` are the newest one's; `actors` the
 * newest few (null actor: the app itself, as for reminders), `actorCount` how many in all.
 */
const foldedNotification = <T extends NotificationType>(type: T) =>
  z.object({
    id: z.string(),
    type: z.literal(type),
    data: notificationPayloads[type],
    actors: z.array(personSummary),
    actorCount: z.number().int(),
    read: z.boolean(),
    createdAt: z.string(),
    /**
     * The first line of what was said (firstLineOf its transcript), for a line about a voice
     * note: a comment, a message. Absent when the note has no transcript, or is hidden.
     */
    excerpt: z.string().optional(),
  });

export const notificationView = z.discriminatedUnion('type', [
  foldedNotification('vibe'),
  foldedNotification('smile'),
  foldedNotification('hum'),
  foldedNotification('comment'),
  foldedNotification('referral_joined'),
  foldedNotification('quest_request'),
  foldedNotification('quest_request_accepted'),
  foldedNotification('quest_joined'),
  foldedNotification('streak_milestone'),
  foldedNotification('dm'),
  foldedNotification('streak_reminder'),
  foldedNotification('report_handled'),
  foldedNotification('moderation'),
]);
export type NotificationView = z.infer<typeof notificationView>;
export const notificationPage = pageOf(notificationView);
export type NotificationPage = z.infer<typeof notificationPage>;

/** Per type: shown in the app's list, and sent as a Web Push notification. */
export const notificationChannels = z.object({ inApp: z.boolean(), push: z.boolean() });
export type NotificationChannels = z.infer<typeof notificationChannels>;

export const notificationSettings = z.object({
  types: z.record(z.enum(NOTIFICATION_TYPES), notificationChannels),
  /** The hour (0–23, the person's own zone) of the daily streak reminder; null: no reminder. */
  reminderHour: z.number().int().min(0).max(23).nullable(),
});
export type NotificationSettings = z.infer<typeof notificationSettings>;

export const markNotificationsReadRequest = z.object({
  /** These (folded lines' ids mark their whole fold); absent: every notification. */
  ids: z.array(z.uuid('Not a valid notification id')).max(100).optional(),
});
export type MarkNotificationsReadRequest = z.infer<typeof markNotificationsReadRequest>;

export const unreadCounts = z.object({
  unreadNotifications: z.number().int(),
  unreadDMs: z.number().int(),
  unreadQuestRequests: z.number().int(),
});
export type UnreadCounts = z.infer<typeof unreadCounts>;

export const notificationsApi = {
  unreadCounts: endpoint({
    method: 'GET',
    path: '/notifications/unread-counts',
    access: 'signed-in',
    response: unreadCounts,
  }),
  /** Newest first, folded (see notificationView); the web app groups them by day. */
  list: endpoint({
    method: 'GET',
    path: '/notifications',
    access: 'signed-in',
    query: pageQuery,
    response: notificationPage,
  }),
  markRead: endpoint({
    method: 'POST',
    path: '/notifications/read',
    access: 'signed-in',
    body: markNotificationsReadRequest,
    response: unreadCounts,
    idempotent: true,
  }),
  settings: endpoint({
    method: 'GET',
    path: '/notifications/settings',
    access: 'signed-in',
    response: notificationSettings,
  }),
  /** Partial: only the types given change. */
  updateSettings: endpoint({
    method: 'PUT',
    path: '/notifications/settings',
    access: 'signed-in',
    body: z.object({
      types: z.partialRecord(z.enum(NOTIFICATION_TYPES), notificationChannels).optional(),
      reminderHour: z.number().int().min(0).max(23).nullable().optional(),
    }),
    response: notificationSettings,
    idempotent: true,
  }),
};
