import { accountDeletionApi } from '@doers/contract';
import type { RateLimits } from '../../../platform/rate-limiter.js';
import type { Route } from '../../../platform/router.js';
import type { ErasureService } from './erasure.service.js';

export function erasureRoutes(route: Route, deps: { erasure: ErasureService; limits: RateLimits }) {
  const { erasure, limits } = deps;
  route(accountDeletionApi.request, async ({ auth, body, request }) => {
    // The password change's budget: a stolen access token must not guess the password here.
    await limits.enforce([['changePassword', auth.userId]], request.ip);
    return erasure.request(auth.userId, body);
  });
}
