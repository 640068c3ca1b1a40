import type { NewNotification } from '@doers/contract';

/**
 * Which line a new notification folds into (docs/product/notifications.md#folding).
 * `key` names the subject; `daily` appends the recipient's local day, so a subject folds only
 * within one day. `sameActor`: what a second notification from someone already in the fold does —
 * `skip` (a smile taken back and given again tells nothing new) or `grow` (a second comment or
 * voice message is news: the line counts it and comes back to the top, unread).
 */
export type FoldRule = { key: string; daily: boolean; sameActor: 'skip' | 'grow' };

export function foldRule(n: NewNotification, id: string): FoldRule {
  switch (n.type) {
    case 'smile':
    case 'hum':
      return { key: `${n.type}:${n.data.postId}`, daily: true, sameActor: 'skip' };
    case 'comment':
      return { key: `comment:${n.data.postId}`, daily: true, sameActor: 'grow' };
    case 'quest_joined':
    case 'quest_request':
      return { key: `${n.type}:${n.data.questId}`, daily: true, sameActor: 'skip' };
    case 'dm':
      return { key: `dm:${n.data.conversationId}`, daily: true, sameActor: 'grow' };
    case 'streak_milestone':
      // Once per quest, milestone and day reached, even after undo and redo.
      return {
        key: `streak_milestone:${n.data.questId}:${n.data.days}:${n.data.day}`,
        daily: false,
        sameActor: 'skip',
      };
    case 'streak_reminder':
      return { key: `streak_reminder:${n.data.day}`, daily: false, sameActor: 'skip' };
    // Each vibe carries its own reason, each referral and acceptance is its own news.
    case 'vibe':
    case 'referral_joined':
    case 'quest_request_accepted':
    case 'report_handled':
    case 'moderation':
      return { key: `${n.type}:${id}`, daily: false, sameActor: 'grow' };
  }
}
