import { createHash } from 'node:crypto';
import { notificationText, type NotificationView, type PushMessage } from '@doers/contract';

/** What a notification is about: pushes about the same thing replace each other. */
function subjectOf(view: NotificationView): string {
  switch (view.type) {
    case 'smile':
    case 'hum':
    case 'comment':
      return view.data.postId;
    case 'quest_request':
    case 'quest_request_accepted':
    case 'quest_joined':
      return view.data.questId;
    case 'streak_milestone':
      return `${view.data.questId}:${view.data.days}`;
    case 'dm':
      return view.data.conversationId;
    case 'streak_reminder':
      return view.data.day;
    case 'vibe':
    case 'referral_joined':
    case 'report_handled':
    case 'moderation':
      return view.id;
  }
}

/**
 * The push for one line of the person's list, in the list's own words (notificationText), with
 * the first line of what was said under them when the voice note has a transcript already (one
 * made on the speaker's device; the server's engine answers later).
 */
export function pushMessageOf(view: NotificationView): PushMessage {
  const text = notificationText(view);
  return {
    title: text.title,
    body: view.excerpt ? `${text.body}\n“${view.excerpt}”` : text.body,
    url: text.url,
    tag: `${view.type}:${subjectOf(view)}`,
    notificationId: view.id,
    type: view.type,
  };
}

/**
 * The Topic header (RFC 8030 §5.4): a push still waiting at the push service is replaced by a
 * newer one with the same topic. At most 32 base64url characters, so the tag is hashed.
 */
export function topicOf(tag: string): string {
  return createHash('sha256').update(tag).digest('base64url').slice(0, 32);
}
