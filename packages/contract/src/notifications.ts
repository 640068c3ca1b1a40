import { z } from 'zod';
import { endpoint } from './http.js';

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
};
