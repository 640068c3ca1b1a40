import { EVENTS_PATH } from '@doers/contract';
import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import type { Queryable } from './db/database.js';
import { activityRoutes } from './contexts/social/activity/activity.routes.js';
import { adminRoutes } from './contexts/trust/admin/admin.routes.js';
import { authRoutes } from './contexts/trust/auth/auth.routes.js';
import { leaderboardRoutes } from './contexts/progress/leaderboard/leaderboard.routes.js';
import { blocksRoutes } from './contexts/people/blocks/blocks.routes.js';
import { checkInsRoutes } from './contexts/progress/streaks/check-ins.routes.js';
import { dmsRoutes } from './contexts/messaging/dms/dms.routes.js';
import { exploreRoutes } from './contexts/social/explore/explore.routes.js';
import { registerMediaHttp } from './contexts/media/media/media.http.js';
import { transcriptsRoutes } from './contexts/media/transcripts/transcripts.routes.js';
import { notificationsRoutes } from './contexts/messaging/notifications/notifications.routes.js';
import { onboardingRoutes } from './contexts/accounts/onboarding/onboarding.routes.js';
import { postsRoutes } from './contexts/social/posts/posts.routes.js';
import { pushRoutes } from './contexts/messaging/push/push.routes.js';
import { questsRoutes } from './contexts/progress/quests/quests.routes.js';
import { realtimeStream } from './contexts/messaging/realtime/realtime.routes.js';
import { referralsRoutes } from './contexts/people/referrals/referrals.routes.js';
import { restDaysRoutes } from './contexts/progress/rest-days/rest-days.routes.js';
import { sharingRoutes } from './contexts/social/sharing/sharing.routes.js';
import { systemRoutes } from './contexts/trust/system/system.routes.js';
import {
  billingRoutes,
  registerBillingWebhook,
} from './contexts/accounts/billing/billing.routes.js';
import { exportsRoutes } from './contexts/trust/exports/exports.routes.js';
import { erasureRoutes } from './contexts/trust/erasure/erasure.routes.js';
import { moderationRoutes } from './contexts/trust/moderation/moderation.routes.js';
import { statsRoutes } from './contexts/progress/stats/stats.routes.js';
import { usersRoutes } from './contexts/accounts/users/users.routes.js';
import { vibesRoutes } from './contexts/social/vibes/vibes.routes.js';
import type { Clock } from './platform/clock.js';
import { routeOutsideFastify } from './platform/http-server.js';
import { createRouter } from './platform/router.js';

/** What each module's routes need, as each declares it: the services app.ts wired. */
type Services = Parameters<typeof statsRoutes>[1] &
  Parameters<typeof usersRoutes>[1] &
  Parameters<typeof referralsRoutes>[1] &
  Parameters<typeof blocksRoutes>[1] &
  Parameters<typeof onboardingRoutes>[1] &
  Parameters<typeof vibesRoutes>[1] &
  Parameters<typeof questsRoutes>[1] &
  Parameters<typeof checkInsRoutes>[1] &
  Parameters<typeof restDaysRoutes>[1] &
  Parameters<typeof sharingRoutes>[1] &
  Parameters<typeof leaderboardRoutes>[1] &
  Parameters<typeof postsRoutes>[1] &
  Parameters<typeof exploreRoutes>[1] &
  Parameters<typeof dmsRoutes>[1] &
  Parameters<typeof activityRoutes>[1] &
  Parameters<typeof notificationsRoutes>[1] &
  Omit<Parameters<typeof realtimeStream>[0], 'identify' | 'log'> &
  Parameters<typeof pushRoutes>[1] &
  Parameters<typeof authRoutes>[1] &
  Parameters<typeof billingRoutes>[1] &
  Parameters<typeof moderationRoutes>[1] &
  Parameters<typeof exportsRoutes>[1] &
  Parameters<typeof erasureRoutes>[1] &
  Parameters<typeof systemRoutes>[1] &
  Parameters<typeof adminRoutes>[1] &
  Pick<Parameters<typeof registerMediaHttp>[1], 'media' | 'limits'> &
  Parameters<typeof transcriptsRoutes>[1];

/**
 * The API under /api: each module's routes, one line each, in the module order
 * (docs/ARCHITECTURE.md), registered from the contract's declarations.
 */
export async function registerApi(
  app: FastifyInstance,
  s: Services & {
    router: {
      authenticate: preHandlerHookHandler;
      identifyIfPossible: preHandlerHookHandler;
      /** The same check as `authenticate`, for the stream answered outside Fastify. */
      identify: Parameters<typeof realtimeStream>[0]['identify'];
      db: Queryable;
      clock: Clock;
      checkResponses: boolean;
    };
    resumableDir: string;
  },
): Promise<void> {
  const routerFor = (scope: FastifyInstance) => createRouter(scope, s.router);
  const { authenticate } = s.router;
  await app.register(
    async (api) => {
      const route = routerFor(api);
      await registerMediaHttp(api, { ...s, authenticate, routerFor });
      transcriptsRoutes(route, s);
      statsRoutes(route, s);
      usersRoutes(route, s);
      referralsRoutes(route, s);
      blocksRoutes(route, s);
      onboardingRoutes(route, s);
      vibesRoutes(route, s);
      questsRoutes(route, s);
      checkInsRoutes(route, s);
      restDaysRoutes(route, s);
      sharingRoutes(route, s);
      leaderboardRoutes(route, s);
      postsRoutes(route, s);
      exploreRoutes(route, s);
      dmsRoutes(route, s);
      activityRoutes(route, s);
      notificationsRoutes(route, s);
      pushRoutes(route, s);
      authRoutes(route, s);
      billingRoutes(route, s);
      moderationRoutes(route, s);
      exportsRoutes(route, s);
      erasureRoutes(route, s);
      await registerBillingWebhook(api, { billing: s.billing, routerFor });
      systemRoutes(route, s);
      adminRoutes(route, s);
    },
    { prefix: '/api' },
  );
  // Held open for hours: answered without Fastify's per-request objects (http-server.ts).
  routeOutsideFastify(
    app,
    `/api${EVENTS_PATH}`,
    realtimeStream({ realtime: s.realtime, identify: s.router.identify, log: app.log }),
  );
}
