import { SIGNUP_VIBE_REASON } from './constants.js';
import type { NotificationPayload, NotificationView } from './notifications.js';

/*
 * The words of a notification, shared by the in-app list (web) and Web Push (server), so a
 * person reads the same sentence in both places. Helpers of issue 10: the notifications list
 * and the push payload both call `notificationText`; extend it here, never copy it.
 */

export type NotificationText = {
  /** A short headline: the push notification's title. */
  title: string;
  /** The sentence of the list line and the push notification's body. */
  body: string;
  /** The screen that opens on a tap, as an app path. */
  url: string;
};

/** 'maya', 'maya and sam', 'maya and 3 others'; 'Someone' when the actor is gone. */
export function actorsPhrase(view: Pick<NotificationView, 'actors' | 'actorCount'>): string {
  const first = view.actors[0]?.displayName || view.actors[0]?.username || 'Someone';
  const others = Math.max(view.actorCount - 1, 0);
  if (others === 0) return first;
  const second = view.actors[1];
  if (others === 1 && second) return `${first} and ${second.displayName || second.username}`;
  return `${first} and ${others} ${others === 1 ? 'other' : 'others'}`;
}

function plural(count: number, one: string, many: string): string {
  return count === 1 ? one : many;
}

export function notificationText(view: NotificationView): NotificationText {
  const who = actorsPhrase(view);
  const many = view.actorCount > 1;
  switch (view.type) {
    case 'vibe': {
      const reason = view.data.reason;
      const why = !many && reason && reason !== SIGNUP_VIBE_REASON ? ` (${reason})` : '';
      return {
        title: 'New vibe',
        body: `${who} sent you ${many ? 'vibes' : 'a vibe'}${why}`,
        url: '/vibes',
      };
    }
    case 'smile':
      return {
        title: 'New smile',
        body: `${who} smiled at your post`,
        url: `/posts/${view.data.postId}`,
      };
    case 'hum':
      return {
        title: 'Your post was hummed',
        body: `${who} hummed your post to their vibers`,
        url: `/posts/${view.data.postId}`,
      };
    case 'comment':
      return {
        title: 'New voice comment',
        body: `${who} left ${many ? 'voice comments' : 'a voice comment'} on your post`,
        url: `/posts/${view.data.postId}`,
      };
    case 'referral_joined':
      return {
        title: 'Your invite worked',
        body: `${who} joined Doers with your invite`,
        url: view.actors[0] ? `/users/${view.actors[0].id}` : '/notifications',
      };
    case 'quest_request':
      return {
        title: 'Request to join',
        body: `${who} asked to join your quest`,
        // Requests are decided on the activity screen, where every pending one is listed.
        url: '/activity',
      };
    case 'quest_request_accepted':
      return {
        title: "You're in",
        body: `${who} accepted your request to join their quest`,
        url: `/quests/${view.data.questId}`,
      };
    case 'quest_joined':
      return {
        title: 'New quest partner',
        body: `${who} joined your quest`,
        url: `/quests/${view.data.questId}`,
      };
    case 'streak_milestone':
      return {
        title: `${view.data.days}-day streak!`,
        body: `You reached a ${view.data.days}-day streak. Keep it going!`,
        url: `/quests/${view.data.questId}`,
      };
    case 'dm':
      return {
        title: 'New voice message',
        body: `${who} sent you ${many ? 'voice messages' : 'a voice message'}`,
        url: `/dms/${view.data.conversationId}`,
      };
    case 'streak_reminder': {
      const count = view.data.questIds.length;
      return {
        title: 'Keep your streak alive',
        body: `You haven't checked in today on ${count} ${plural(count, 'quest', 'quests')}.`,
        url: count === 1 && view.data.questIds[0] ? `/quests/${view.data.questIds[0]}` : '/quests',
      };
    }
    case 'report_handled':
      return {
        title: 'Your report was handled',
        body: `Thank you for your report. ${view.data.outcome}`,
        url: '/settings/reports',
      };
    case 'moderation':
      return moderationText(view.data);
  }
}

const MODERATED_THING = { post: 'post', comment: 'voice comment', dm: 'voice message' } as const;

/** What the team did about my content or account, and why: the person is always told. */
function moderationText(d: NotificationPayload<'moderation'>): NotificationText {
  const why = `Reason: ${d.reason}`;
  if (d.action === 'hide' && d.targetType !== 'user')
    return {
      title: `Your ${MODERATED_THING[d.targetType]} was hidden`,
      body: `The Doers team hid your ${MODERATED_THING[d.targetType]}: it broke the Terms. ${why}`,
      url: '/settings/terms',
    };
  if (d.action === 'suspend')
    return {
      title: 'Your account is suspended',
      body: `The Doers team suspended your account. ${why}`,
      url: '/settings/terms',
    };
  return {
    title: 'A warning from the Doers team',
    body: `Please keep to the Terms of Service. ${why}`,
    url: '/settings/terms',
  };
}
