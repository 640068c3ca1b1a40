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
import type { TranscriptionService } from './contexts/media/transcripts/transcription.service.js';
import type { EventBus } from './platform/events.js';

/**
 * Who reacts to what happened (platform/events.ts): each line a module's answer to another's
 * event, so that no module calls one above it. A handler (`handle`) is a consequence a person
 * would miss, run at least once and idempotent by its delivery (a notification, a feed entry, a
 * push); a subscriber (`subscribe`) is a hint that may go with the process (a cache, the stream).
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
    /** The server's engine, when one is set up. */
    transcription: TranscriptionService | null;
  },
  /** What is kept in memory and follows events rather than the writes of one module. */
  kept: { feedPages: FeedCache; rankings: KeptRankings },
): void {
  const { onboarding, notifications, feed, posts, push, realtime, dms, transcription } = m;
  events.handle('quest.created', 'onboarding', (e) => onboarding.questCreated(e));
  // The everyone boards kept in memory are ranked again after check-ins and undos.
  events.subscribe('checkIn.recorded', () => kept.rankings.changed());
  events.subscribe('checkIn.undone', () => kept.rankings.changed());
  events.handle('vibe.sent', 'notify', (e, d) => notifications.vibeSent(e, d));
  events.handle('referral.joined', 'notify', (e, d) => notifications.referralJoined(e, d));
  events.handle('report.resolved', 'notify', (e, d) => notifications.reportResolved(e, d));
  events.handle('moderation.acted', 'notify', (e, d) => notifications.moderationActed(e, d));
  events.handle('questRequest.created', 'notify', (e, d) =>
    notifications.questRequestCreated(e, d),
  );
  events.handle('questRequest.accepted', 'notify', (e, d) =>
    notifications.questRequestAccepted(e, d),
  );
  events.handle('quest.joined', 'notify', (e, d) => notifications.questJoined(e, d));
  events.handle('streak.milestoneReached', 'notify', (e, d) =>
    notifications.milestoneReached(e, d),
  );
  // The feed follows vibing, blocks and names; posts count vibes sent from them.
  events.handle('vibing.started', 'feed', (e) => feed.vibingStarted(e));
  events.handle('vibing.ended', 'feed', (e) => feed.vibingEnded(e));
  events.handle('user.blocked', 'feed', (e) => feed.userBlocked(e));
  // A name, picture or halo may be on any kept page; a hidden post leaves every page.
  events.subscribe('profile.changed', () => kept.feedPages.committed({ op: 'clear' }));
  events.subscribe('account.statusChanged', () => kept.feedPages.committed({ op: 'clear' }));
  events.subscribe('post.hidden', (e) => kept.feedPages.committed({ op: 'post', id: e.postId }));
  events.subscribe('account.statusChanged', () => kept.rankings.changed());
  // A post's transcript arrived or was corrected: the kept pages that show it are read again.
  events.subscribe('transcript.changed', (e) => {
    if (e.attachedType === 'post' && e.attachedId)
      kept.feedPages.committed({ op: 'post', id: e.attachedId });
  });
  // A voice note without the device's words goes to the engine, as a queued job.
  if (transcription)
    events.handle('transcript.wanted', 'transcribe', (e) => transcription.queue(e));
  events.handle('vibe.sent', 'count-on-post', (e) => posts.vibeSent(e));
  events.handle('post.smiled', 'notify', (e, d) => notifications.postSmiled(e, d));
  events.handle('post.hummed', 'notify', (e, d) => notifications.postHummed(e, d));
  events.handle('comment.created', 'notify', (e, d) => notifications.commentCreated(e, d));
  events.handle('dm.sent', 'notify', (e, d) => notifications.dmSent(e, d));
  // Web Push: what the person's settings send by push; a device that signs out stops receiving.
  events.handle('notification.created', 'push', (e) => push.notificationCreated(e));
  events.handle('session.ended', 'push', (e) => push.sessionEnded(e));
  // The realtime stream: notifications, messages, listened marks, counts; sessions ending.
  subscribeRealtime(events, realtime, {
    notification: (userId, id) => notifications.view(userId, id),
    dmMessage: (viewerId, messageId) => dms.messageFor(viewerId, messageId),
  });
}
