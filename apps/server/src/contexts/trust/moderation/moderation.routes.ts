import { moderationApi } from '@doers/contract';
import type { RateLimits } from '../../../platform/rate-limiter.js';
import type { Route } from '../../../platform/router.js';
import type { ModerationService } from './moderation.service.js';

export function moderationRoutes(
  route: Route,
  deps: { moderation: ModerationService; limits: RateLimits },
): void {
  const { moderation, limits } = deps;
  route(moderationApi.report, ({ auth, body, request }) =>
    limits.limited('report', auth.userId, request.ip, () => moderation.report(auth.userId, body)),
  );
  route(moderationApi.myReports, ({ auth, query }) => moderation.myReports(auth.userId, query));
  route(moderationApi.queue, ({ auth }) => moderation.queue(auth.userId));
  route(moderationApi.act, ({ auth, body }) => moderation.act(auth.userId, body));
  route(moderationApi.liftSuspension, ({ auth, params, body }) =>
    moderation.liftSuspension(auth.userId, params.userId, body.reason),
  );
  route(moderationApi.audit, ({ auth, query }) => moderation.audit(auth.userId, query));
}
