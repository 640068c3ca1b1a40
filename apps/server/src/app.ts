import type { FastifyInstance } from 'fastify';
import { ActivityRepository } from './contexts/social/activity/activity.repository.js';
import { ActivityService } from './contexts/social/activity/activity.service.js';
import { AdminGuard } from './contexts/trust/admin/admin-guard.js';
import { AdminService } from './contexts/trust/admin/admin.service.js';
import { AuthService } from './contexts/trust/auth/auth.service.js';
import { LoginGuard } from './contexts/trust/auth/login-guard.js';
import { SignInSourcesRepository } from './contexts/trust/auth/sign-in-sources.repository.js';
import { SignInsService } from './contexts/trust/auth/sign-ins.service.js';
import { TokensRepository } from './contexts/trust/auth/tokens.repository.js';
import { BillingRepository } from './contexts/accounts/billing/billing.repository.js';
import { BillingService } from './contexts/accounts/billing/billing.service.js';
import { StripeProvider } from './contexts/accounts/billing/stripe-provider.js';
import { ExportsRepository } from './contexts/trust/exports/exports.repository.js';
import { ExportsService } from './contexts/trust/exports/exports.service.js';
import { ErasureRepository } from './contexts/trust/erasure/erasure.repository.js';
import { ErasureService } from './contexts/trust/erasure/erasure.service.js';
import { ModerationRepository } from './contexts/trust/moderation/moderation.repository.js';
import { ModerationService } from './contexts/trust/moderation/moderation.service.js';
import { BlocksRepository } from './contexts/people/blocks/blocks.repository.js';
import { BlocksService } from './contexts/people/blocks/blocks.service.js';
import { CheckInsRepository } from './contexts/progress/streaks/check-ins.repository.js';
import { CheckInsService } from './contexts/progress/streaks/check-ins.service.js';
import { ExplorePostsRepository } from './contexts/social/explore/explore-posts.repository.js';
import { ExploreService } from './contexts/social/explore/explore.service.js';
import { SearchRepository } from './contexts/social/explore/search.repository.js';
import { DmsRepository } from './contexts/messaging/dms/dms.repository.js';
import { DmsService } from './contexts/messaging/dms/dms.service.js';
import { NotificationsRepository } from './contexts/messaging/notifications/notifications.repository.js';
import { NotificationsService } from './contexts/messaging/notifications/notifications.service.js';
import { NotificationLinesRepository } from './contexts/messaging/notifications/notification-lines.repository.js';
import { NotificationSettingsRepository } from './contexts/messaging/notifications/notification-settings.repository.js';
import {
  REMINDER_EVERY_MS,
  StreakReminderService,
} from './contexts/messaging/notifications/streak-reminder.service.js';
import { StreakRemindersRepository } from './contexts/messaging/notifications/streak-reminders.repository.js';
import { CommentsRepository } from './contexts/social/posts/comments.repository.js';
import { CommentsService } from './contexts/social/posts/comments.service.js';
import { FeedCache } from './contexts/social/posts/feed-cache.js';
import { FeedPagesRepository } from './contexts/social/posts/feed-pages.repository.js';
import { PostCountersRepository } from './contexts/social/posts/post-counters.repository.js';
import { FeedService } from './contexts/social/posts/feed.service.js';
import { PostsRepository } from './contexts/social/posts/posts.repository.js';
import { PostsService } from './contexts/social/posts/posts.service.js';
import { ReactionsRepository } from './contexts/social/posts/reactions.repository.js';
import { ReactionsService } from './contexts/social/posts/reactions.service.js';
import { RealtimeService } from './contexts/messaging/realtime/realtime.service.js';
import { TimelineRepository } from './contexts/social/posts/timeline.repository.js';
import { OnboardingRepository } from './contexts/accounts/onboarding/onboarding.repository.js';
import { OnboardingService } from './contexts/accounts/onboarding/onboarding.service.js';
import { PushRepository } from './contexts/messaging/push/push.repository.js';
import { PushSender } from './contexts/messaging/push/push-sender.js';
import { PushService } from './contexts/messaging/push/push.service.js';
import { ParticipantsService } from './contexts/progress/quests/participants.service.js';
import { QuestAccess } from './contexts/progress/quests/quest-access.js';
import { QuestLimit } from './contexts/progress/quests/quest-limit.js';
import { QuestViews } from './contexts/progress/quests/quest-views.js';
import { QuestsRepository } from './contexts/progress/quests/quests.repository.js';
import { QuestsService } from './contexts/progress/quests/quests.service.js';
import { StreakRecorder } from './contexts/progress/streaks/streak-recorder.js';
import { StreaksRepository } from './contexts/progress/streaks/streaks.repository.js';
import { StreaksService } from './contexts/progress/streaks/streaks.service.js';
import { ReferralsRepository } from './contexts/people/referrals/referrals.repository.js';
import { ReferralsService } from './contexts/people/referrals/referrals.service.js';
import { RestDaysRepository } from './contexts/progress/rest-days/rest-days.repository.js';
import { RestDaysService } from './contexts/progress/rest-days/rest-days.service.js';
import { LeaderboardRepository } from './contexts/progress/leaderboard/leaderboard.repository.js';
import { LeaderboardService } from './contexts/progress/leaderboard/leaderboard.service.js';
import { KeptRankings } from './contexts/progress/leaderboard/kept-rankings.js';
import { QuestBoardRepository } from './contexts/social/sharing/quest-board.repository.js';
import { QuestBoardService } from './contexts/social/sharing/quest-board.service.js';
import { QuestRequestsRepository } from './contexts/social/sharing/quest-requests.repository.js';
import { SharingService } from './contexts/social/sharing/sharing.service.js';
import { StatsRepository } from './contexts/progress/stats/stats.repository.js';
import { StatsService } from './contexts/progress/stats/stats.service.js';
import { StatsReportRepository } from './contexts/progress/stats/stats-report.repository.js';
import { StatsReportService } from './contexts/progress/stats/stats-report.js';
import { SystemRepository } from './contexts/trust/system/system.repository.js';
import { SystemService } from './contexts/trust/system/system.service.js';
import { SessionUserCache } from './contexts/accounts/users/session-user-cache.js';
import { AccountDeletionRepository } from './contexts/accounts/users/account-deletion.repository.js';
import { SessionsRepository } from './contexts/accounts/users/sessions.repository.js';
import { SessionsService } from './contexts/accounts/users/sessions.service.js';
import { PrivacyRepository } from './contexts/accounts/users/privacy.repository.js';
import { ProfilesService } from './contexts/accounts/users/profiles.service.js';
import { UsersRepository } from './contexts/accounts/users/users.repository.js';
import { UsersService } from './contexts/accounts/users/users.service.js';
import { VibesRepository } from './contexts/social/vibes/vibes.repository.js';
import { VibesService } from './contexts/social/vibes/vibes.service.js';
import { migrationFiles } from './db/migrate.js';
import { createAuthenticate } from './platform/authenticate.js';
import { EventBus } from './platform/events.js';
import { createHttpServer, serveWebAppLast } from './platform/http-server.js';
import type { AppDeps } from './app-deps.js';
import { subscribeModules } from './app-events.js';
import { UrlSigner } from './contexts/media/media/media-access.js';
import { openMedia } from './app-media.js';
import { registerMediaAccess } from './app-media-access.js';
import { openJobs } from './app-jobs.js';
import { openMetrics } from './app-metrics.js';
import { openOutbox } from './app-outbox.js';
import { openTranscription } from './app-transcription.js';
import { drainReadiness } from './app-readiness.js';
import { registerApi } from './app-routes.js';
import { RateLimits } from './platform/rate-limiter.js';
import { MemoryRealtimeBus } from './platform/realtime-bus.js';
import { CacheBus } from './platform/cache-bus.js';
import { createSecurityLog } from './platform/security-log.js';
import { TokenSigner } from './platform/tokens.js';

/**
 * Wires every module, bottom to top (docs/ARCHITECTURE.md): repositories, then services, then
 * event subscriptions, then routes under /api. Owns nothing it is given (the caller closes it).
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, mailer, clock } = deps;
  const app = await createHttpServer(config, deps.logStream);

  // Metrics, and the database as they time it (app-metrics.ts).
  const { metrics, db } = openMetrics(app, config, deps.db);

  const events = new EventBus(app.log);
  // The transactional outbox (app-outbox.ts, decision 18).
  openOutbox(app, { db, events, metrics, hold: config.holdEvents });
  const securityLog = createSecurityLog(app.log);
  const limits = new RateLimits({
    store: deps.rateStore,
    clock,
    factor: config.rateLimitFactor,
    log: securityLog,
  });
  // The runtime's bus (Redis or in process): the realtime stream's events, and the changes
  // every instance's in-memory caches are told (cache-bus.ts).
  const realtimeBus = deps.realtimeBus ?? new MemoryRealtimeBus();
  if (!deps.realtimeBus) app.addHook('onClose', async () => realtimeBus.close());
  const caches = await CacheBus.open(realtimeBus);

  // media and the words of voice notes (app-media.ts); users, above, hand in voice limits
  const { media, transcripts, transcriptRows } = await openMedia(app, {
    ...{ deps, db, events, metrics },
    voiceLimits: (userId: string) => users.voiceLimits(userId),
  });

  // stats, users, referrals, onboarding
  const stats = new StatsService(new StatsRepository(db));
  const streaksRepository = new StreaksRepository(db);
  const streaks = new StreaksService(streaksRepository);
  const report = new StatsReportRepository(db);
  const statsReport = new StatsReportService({ report, stats, clock });
  const referrals = new ReferralsService(new ReferralsRepository(db), clock, config.publicUrl);
  // blocks: modules above register what a block ends (blocks.onBlock) once they exist
  const blocks = new BlocksService({ db, blocks: new BlocksRepository(db), clock, events });
  // What authenticating reads, kept in memory; writers tell every instance (decision 8).
  const sessionUsers = new SessionUserCache(() => clock.now().getTime(), caches);
  const usersRepository = new UsersRepository(db, sessionUsers);
  const deletions = new AccountDeletionRepository(db, sessionUsers);
  const users = new UsersService({
    ...{ users: usersRepository, stats, referrals, clock },
    signedMediaUrl: (id: string): string => media.signedUrl(id),
  });
  const profiles = new ProfilesService({
    ...{ db, profiles: usersRepository, privacy: new PrivacyRepository(db), media, users, events },
    transcripts,
  });
  const sessionRows = new SessionsRepository(db, sessionUsers, app.log);
  app.addHook('onClose', () => sessionRows.flushTouches()); // the last-seen marks still waiting
  const sessions = new SessionsService({ sessions: sessionRows });
  const onboarding = new OnboardingService({ onboarding: new OnboardingRepository(db), users });

  // vibes
  const vibes = new VibesService({
    ...{ db, vibes: new VibesRepository(), users, stats, blocks, events, clock },
  });
  blocks.onBlock((tx, blockerId, blockedId) => vibes.endVibingBetween(tx, blockerId, blockedId));

  // quests
  const questsRepository = new QuestsRepository(db);
  const access = new QuestAccess(questsRepository);
  const views = new QuestViews(questsRepository);
  const limit = new QuestLimit({ quests: questsRepository, stats });
  const participants = new ParticipantsService(questsRepository);
  const recorder = new StreakRecorder({ repository: streaksRepository, figures: streaks });
  const quests = new QuestsService({
    ...{ db, quests: questsRepository, stats, streaks, access, views, limit, events },
  });

  // check-ins, rest days
  const checkIns = new CheckInsService({
    ...{ db, checkIns: new CheckInsRepository(db), streaks, access, participants, views },
    recorder,
    events,
  });
  const restDays = new RestDaysService({
    ...{ db, restDays: new RestDaysRepository(db), streaks, recorder },
  });

  // sharing
  const sharing = new SharingService({
    ...{ db, requests: new QuestRequestsRepository(db), access, participants, limit, views },
    ...{ users, stats, events },
  });
  const questBoard = new QuestBoardService({
    ...{ leaderboard: new QuestBoardRepository(db), access, views, clock },
  });

  // leaderboard: this week's check-ins and the longest streaks, ranked from kept figures
  const rankings = new KeptRankings(() => clock.now().getTime());
  const leaderboard = new LeaderboardService({
    ...{ db, leaderboard: new LeaderboardRepository(db, rankings), streaks, clock },
  });

  // posts: posts, the feed's timelines (decision 10), smiles, hums, voice comments
  // Feed pages in memory, told of every change by the repositories below as they write, and
  // by other instances (decision 10).
  const feedCache = new FeedCache(caches);
  const postsRepository = new PostsRepository(db, feedCache);
  const timeline = new TimelineRepository(db, feedCache);
  // What leaves and returns to the counters with an account or a moderator's decision.
  const postCounters = new PostCountersRepository(feedCache);
  const posts = new PostsService({
    ...{ db, posts: postsRepository, timeline, media, transcripts, quests, stats, events },
  });
  const feed = new FeedService({
    ...{ timeline, log: app.log, depth: config.timelineDepth },
    pages: new FeedPagesRepository({ timeline, media, clock, cache: feedCache }),
  });
  const reactions = new ReactionsService({
    ...{ db, posts: postsRepository, timeline, stats, events, clock },
    reactions: new ReactionsRepository(db, feedCache, () => clock.now()),
  });
  const comments = new CommentsService({
    ...{ db, posts: postsRepository, media, transcripts, stats, events, clock },
    comments: new CommentsRepository(db, feedCache),
  });

  // explore: search and the recent public posts
  const explore = new ExploreService({
    search: new SearchRepository(db),
    posts: new ExplorePostsRepository(db),
    media,
  });

  // dms: voice direct messages; a message's file is heard by the two people of its conversation
  const dms = new DmsService({
    ...{ db, dms: new DmsRepository(db), media, transcripts, blocks, events, clock },
  });

  // activity, notifications
  const activity = new ActivityService(new ActivityRepository(db));
  const notifications = new NotificationsService({
    notifications: new NotificationsRepository(db),
    lines: new NotificationLinesRepository(db, () => clock.now()),
    settings: new NotificationSettingsRepository(db),
    events,
    clock,
  });

  // realtime: the event stream, on the runtime's bus (above)
  const realtime = new RealtimeService({
    ...{ bus: realtimeBus, clock, log: app.log },
    unreadCounts: (userId) => notifications.unreadCounts(userId),
  });
  // Open streams would hold the server open: they end as it starts to stop, their clients told
  // to reconnect (to another instance, behind a proxy); preClose for an app closed directly.
  app.draining.onStart(() => realtime.closeAll());
  app.addHook('preClose', async () => realtime.closeAll());
  metrics.observeOpenStreams(() => realtime.openStreams);

  // auth, system
  const signer = new TokenSigner(config.jwtSecret, clock);
  const tokens = new TokensRepository(db);
  const signIns = new SignInsService({
    ...{ db, users, sessions, tokens, signer, clock, log: securityLog, events },
  });
  const auth = new AuthService({
    ...{ db, postCounters, users, deletions, tokens, signIns, referrals, onboarding, events },
    ...{ mailer, log: securityLog },
    founder: { inviteCode: config.founderInviteCode, seats: config.founderSeats },
    publicUrl: config.publicUrl,
    clock,
    onBackgroundError: (error) => app.log.error({ err: error }, 'background task failed'),
  });
  const loginGuard = new LoginGuard({
    ...{ limits, sources: new SignInSourcesRepository(db), users, clock, log: securityLog },
  });
  const system = new SystemService({
    ...{ system: new SystemRepository(db), auth, engine: db.engine, version: deps.version },
    ...{ founderInviteCode: config.founderInviteCode, migrations: migrationFiles },
    ...{ redis: deps.redis, storage: deps.storage },
  });
  drainReadiness(app, system);

  // admin: every call checks the person's grant in the database
  const admin = new AdminService({ guard: new AdminGuard(users), users });
  // moderation: reports, the console's actions and the audit log (docs/product/safety.md)
  const moderationRows = new ModerationRepository(db, sessionUsers);
  const moderation = new ModerationService({
    ...{ db, moderation: moderationRows, guard: new AdminGuard(users), users },
    ...{ sessions, media, postCounters, events, clock },
    sees: {
      post: (viewerId, id) => posts.mayViewMedia(viewerId, id),
      comment: (viewerId, id) => comments.mayViewMedia(viewerId, id),
      dm: (viewerId, id) => dms.mayViewMedia(viewerId, id),
    },
  });
  // billing: support tiers paid through Stripe when configured (docs/product/support-tiers.md)
  const billing = new BillingService({
    ...{ db, billing: new BillingRepository(db), users, clock, publicUrl: config.publicUrl },
    provider: config.payments.stripe && new StripeProvider(config.payments.stripe),
    log: app.log,
  });

  // Timed and queued work (app-jobs.ts, decision 12); tests call app.jobs.run.
  const jobs = openJobs(app, {
    ...{ config, db, clock, queueSchema: deps.queueSchema },
    onFailure: metrics.jobFailed,
  });
  metrics.observeJobQueue(() => jobs.depth());
  jobs.every('media.removeAbandoned', 60 * 60_000, () => media.removeAbandoned());
  jobs.every('posts.trimTimelines', 60 * 60_000, () => feed.trimTimelines());
  jobs.every('billing.expire', 10 * 60_000, () => billing.expire());
  const transcription = openTranscription(app, {
    ...{ settings: config.transcription, db, transcripts: transcriptRows, storage: deps.storage },
    ...{ jobs, events, clock },
  });
  // exports: a person's data as a ZIP (docs/product/your-data.md)
  const exports = new ExportsService({
    ...{ exports: new ExportsRepository(db), users, storage: deps.storage, jobs, mailer, clock },
    ...{ publicUrl: config.publicUrl, signer: new UrlSigner(config.jwtSecret), log: app.log },
  });
  jobs.every('exports.removeExpired', 60 * 60_000, () => exports.removeExpired());
  jobs.every('moderation.liftSuspensions', 10 * 60_000, () => moderation.liftEndedSuspensions());
  // erasure: deleting an account, and the job that erases it after the grace days
  const erasure = new ErasureService({
    ...{ db, erasure: new ErasureRepository(), deletions, users, sessions, stats, streaks },
    ...{ postCounters, timeline, quests, moderation, dms, notifications, media },
    ...{ referrals, billing, storage: deps.storage, events, mailer },
    ...{ clock, publicUrl: config.publicUrl, log: app.log },
  });
  jobs.every('accounts.erase', 10 * 60_000, () => erasure.eraseDue());
  const reminders = new StreakReminderService({
    ...{ db, reminders: new StreakRemindersRepository(db), notifications, clock },
  });
  jobs.every('notifications.streakReminder', REMINDER_EVERY_MS, () => reminders.run());

  // push: Web Push to the devices people turned it on for, delivered as queued jobs
  const push = new PushService({
    ...{ push: new PushRepository(db), sender: new PushSender(config.push), notifications },
    ...{ jobs, clock, publicKey: config.push.vapid.publicKey, endpoints: config.push },
    log: app.log,
  });

  // Who may fetch the files attached to each kind of thing (app-media-access.ts).
  registerMediaAccess(media.access, { posts, comments, dms, profiles });

  // Who reacts to what happened (app-events.ts).
  subscribeModules(
    events,
    { onboarding, notifications, feed, posts, push, realtime, dms, transcription },
    { feedPages: feedCache, rankings },
  );

  const checkResponses = deps.checkResponses ?? false;
  await registerApi(app, {
    router: { ...createAuthenticate(signer, sessions, clock), db, clock, checkResponses },
    resumableDir: config.media.resumableDir,
    ...{
      media,
      transcripts,
      limits,
      statsReport,
      users,
      profiles,
      referrals,
      blocks,
      onboarding,
      vibes,
    },
    ...{ quests, checkIns, restDays, sharing, questBoard, leaderboard, posts, feed, reactions },
    ...{ comments, explore, dms, activity, notifications, realtime, push, auth, signIns },
    ...{ loginGuard, system, admin, billing, moderation, exports, erasure },
  });

  await serveWebAppLast(app, config.webDist);
  return app;
}
