import { referralsApi } from '@doers/contract';
import { addressGroup } from '../../../platform/address-group.js';
import type { RateLimits } from '../../../platform/rate-limiter.js';
import type { Route } from '../../../platform/router.js';
import type { ReferralsService } from './referrals.service.js';

export function referralsRoutes(
  route: Route,
  deps: { referrals: ReferralsService; limits: RateLimits },
): void {
  route(referralsApi.validate, async ({ body, request }) => {
    await deps.limits.enforce([['validateReferral', addressGroup(request.ip)]], request.ip);
    return deps.referrals.validate(body.referralCode);
  });
  route(referralsApi.mine, ({ auth }) => deps.referrals.mine(auth.userId));
  route(referralsApi.referred, ({ auth, query }) => deps.referrals.referred(auth.userId, query));
}
