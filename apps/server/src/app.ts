import Fastify, { type FastifyInstance } from 'fastify';
import type { Database } from './db/database.js';
import { AuthService } from './modules/auth/auth.service.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { SessionsRepository } from './modules/auth/sessions.repository.js';
import { NotificationsRepository } from './modules/notifications/notifications.repository.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { OnboardingRepository } from './modules/onboarding/onboarding.repository.js';
import { OnboardingService } from './modules/onboarding/onboarding.service.js';
import { ReferralsService } from './modules/referrals/referrals.service.js';
import { systemRoutes } from './modules/system/system.routes.js';
import { UsersRepository } from './modules/users/users.repository.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { UsersService } from './modules/users/users.service.js';
import { VibesRepository } from './modules/vibes/vibes.repository.js';
import { vibesRoutes } from './modules/vibes/vibes.routes.js';
import { VibesService } from './modules/vibes/vibes.service.js';
import { activityRoutes } from './modules/activity/activity.routes.js';
import { CheckInsRepository } from './modules/check-ins/check-ins.repository.js';
import { CheckInsService } from './modules/check-ins/check-ins.service.js';
import { StreakRecorder } from './modules/check-ins/streak-recorder.js';
import { QuestAccess } from './modules/quests/quest-access.js';
import { questRequestsRoutes } from './modules/quests/quest-requests.routes.js';
import { QuestRequestsRepository } from './modules/quests/quest-requests.repository.js';
import { QuestViews } from './modules/quests/quest-views.js';
import { QuestsRepository } from './modules/quests/quests.repository.js';
import { questsRoutes } from './modules/quests/quests.routes.js';
import { QuestsService } from './modules/quests/quests.service.js';
import { SharingService } from './modules/quests/sharing.service.js';
import { RestDaysService } from './modules/users/rest-days.service.js';
import { createAuthenticate, readTimezone } from './platform/authenticate.js';
import type { Config } from './platform/config.js';
import { HttpError, installErrorHandling } from './platform/errors.js';
import { loggerOptions } from './platform/logger.js';
import type { Mailer } from './platform/mailer.js';
import type { RateLimiter } from './platform/rate-limiter.js';
import { TokenSigner } from './platform/tokens.js';
import { isSpaRoute, serveWebApp } from './platform/web-app.js';

export type AppDeps = {
  config: Config;
  db: Database;
  limiter: RateLimiter;
  mailer: Mailer;
  version: string;
  now?: () => Date;
};

/** Wires repositories, services and routes; owns nothing it is given (the caller closes those). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db, limiter, mailer } = deps;
  const now = deps.now ?? (() => new Date());
  const app = Fastify({
    logger: loggerOptions(config.logLevel),
    bodyLimit: 100 * 1024,
    trustProxy: config.trustProxy,
  });

  installErrorHandling(app);
  app.decorateRequest('auth', null);
  app.decorateRequest('timezone', undefined);
  app.addHook('onRequest', async (request) => {
    request.timezone = readTimezone(request);
  });
  app.addHook('onSend', async (_request, reply) => {
    void reply.header('x-content-type-options', 'nosniff');
    void reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    void reply.header('x-frame-options', 'DENY');
  });

  const users = new UsersRepository(db);
  const sessions = new SessionsRepository(db);
  const notifications = new NotificationsRepository(db);
  const referrals = new ReferralsService(users, now);
  const onboardingSteps = new OnboardingRepository(db);
  const onboarding = new OnboardingService(onboardingSteps, users);
  const quests = new QuestsRepository(db);
  const checkIns = new CheckInsRepository(db);
  const requests = new QuestRequestsRepository(db);
  const recorder = new StreakRecorder(checkIns);
  const access = new QuestAccess(quests);
  const views = new QuestViews({ quests, checkIns, users, requests });
  const signer = new TokenSigner(config.jwtSecret);
  const auth = new AuthService({
    db,
    users,
    sessions,
    referrals,
    onboarding,
    notifications,
    signer,
    mailer,
    founder: { inviteCode: config.founderInviteCode, seats: config.founderSeats },
    publicUrl: config.publicUrl,
    now,
    onBackgroundError: (error) => app.log.error({ err: error }, 'background task failed'),
  });
  const { authenticate, identifyIfPossible } = createAuthenticate(signer, users);

  await app.register(
    async (api) => {
      authRoutes(api, { auth, referrals, limiter });
      usersRoutes(api, {
        users: new UsersService(users, referrals, checkIns),
        onboarding,
        restDays: new RestDaysService({ db, users, checkIns, recorder }),
        authenticate,
      });
      const sharing = new SharingService({
        db,
        quests,
        requests,
        checkIns,
        users,
        access,
        views,
        notifications,
      });
      questsRoutes(api, {
        quests: new QuestsService({
          db,
          quests,
          users,
          onboarding: onboardingSteps,
          access,
          views,
          recorder,
        }),
        checkIns: new CheckInsService({
          db,
          quests,
          users,
          checkIns,
          recorder,
          access,
          views,
          notifications,
        }),
        sharing,
        db,
        authenticate,
        identifyIfPossible,
      });
      questRequestsRoutes(api, { sharing, authenticate });
      activityRoutes(api, { checkIns, users, authenticate });
      vibesRoutes(api, {
        vibes: new VibesService({ db, vibes: new VibesRepository(), users, notifications }),
        db,
        authenticate,
      });
      notificationsRoutes(api, { notifications, requests, authenticate });
      systemRoutes(api, {
        db,
        auth,
        founderInviteCode: config.founderInviteCode,
        version: deps.version,
      });
    },
    { prefix: '/api' },
  );

  const hasWebApp = await serveWebApp(app, config.webDist);
  app.setNotFoundHandler(async (request, reply) => {
    if (hasWebApp && isSpaRoute(request.method, request.url)) {
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    }
    throw new HttpError(404, `No route ${request.method} ${request.url.split('?')[0]}`);
  });
  return app;
}
