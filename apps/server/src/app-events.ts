import type { DmsService } from './contexts/messaging/dms/dms.service.js';
import type { NotificationsService } from './contexts/messaging/notifications/notifications.service.js';
import type { OnboardingService } from './contexts/accounts/onboarding/onboarding.service.js';
import type { KeptRankings } from './contexts/progress/leaderboard/kept-rankings.js';
import type { FeedCache } from './contexts/social/posts/feed-cache.js';
import type { FeedService } from './contexts/social/posts/feed.service.js';
import type { PostsService } from './contexts/social/posts/posts.service.js';
import type { PushService } from './contexts/messaging/push/push.service.js';
import { subscribeRealtime } from './contexts/messaging/realtime/realtime-events.js';
import type { RealtimeService } from './contexts/messaging/realtime/realtime.service.js';
import type { EventBus } from './platform/events.js';

/**
 * Who reacts to what happened (platform/events.ts): each line a module's answer to another's
 * event, so that no module calls one above it.
 */
export function subscribeModules(
  events: EventBus,
  m: {
    onboarding: OnboardingService;
    notifications: NotificationsService;
    feed: FeedService;
    posts: PostsService;
    push: PushService;
    realtime: RealtimeService;
    dms: DmsService;
  },
  /** What is kept in memory and follows events rather than the writes of one module. */
  kept: { feedPages: FeedCache; rankings: KeptRankings },
): void {
  const { onboarding, notifications, feed, posts, push, realtime, dms } = m;
  events.subscribe('quest.created', (e) => onboarding.questCreated(e));
  // The everyone boards kept in memory are ranked again after check-ins and undos.
  events.subscribe('checkIn.recorded', () => kept.rankings.changed());
  events.subscribe('checkIn.undone', () => kept.rankings.changed());
  events.subscribe('vibe.sent', (e) => notifications.vibeSent(e));
  events.subscribe('referral.joined', (e) => notifications.referralJoined(e));
  events.subscribe('report.resolved', (e) => notifications.reportResolved(e));
  events.subscribe('moderation.acted', (e) => notifications.moderationActed(e));
  events.subscribe('questRequest.created', (e) => notifications.questRequestCreated(e));
  events.subscribe('questRequest.accepted', (e) => notifications.questRequestAccepted(e));
  events.subscribe('quest.joined', (e) => notifications.questJoined(e));
  events.subscribe('streak.milestoneReached', (e) => notifications.milestoneReached(e));
  // The feed follows vibing, blocks and names; posts count vibes sent from them.
  events.subscribe('vibing.started', (e) => feed.vibingStarted(e));
  events.subscribe('vibing.ended', (e) => feed.vibingEnded(e));
  events.subscribe('user.blocked', (e) => feed.userBlocked(e));
  // A name, picture or halo may be on any kept page; a hidden post leaves every page.
  events.subscribe('profile.changed', () => kept.feedPages.committed({ op: 'clear' }));
  events.subscribe('account.statusChanged', () => kept.feedPages.committed({ op: 'clear' }));
  events.subscribe('post.hidden', (e) => kept.feedPages.committed({ op: 'post', id: e.postId }));
  events.subscribe('account.statusChanged', () => kept.rankings.changed());
  events.subscribe('vibe.sent', (e) => posts.vibeSent(e));
  events.subscribe('post.smiled', (e) => notifications.postSmiled(e));
  events.subscribe('post.hummed', (e) => notifications.postHummed(e));
  events.subscribe('comment.created', (e) => notifications.commentCreated(e));
  events.subscribe('dm.sent', (e) => notifications.dmSent(e));
  // Web Push: what the person's settings send by push; a device that signs out stops receiving.
  events.subscribe('notification.created', (e) => push.notificationCreated(e));
  events.subscribe('session.ended', (e) => push.sessionEnded(e));
  // The realtime stream: notifications, messages, listened marks, counts; sessions ending.
  subscribeRealtime(events, realtime, {
    notification: (userId, id) => notifications.view(userId, id),
    dmMessage: (viewerId, messageId) => dms.messageFor(viewerId, messageId),
  });
}
