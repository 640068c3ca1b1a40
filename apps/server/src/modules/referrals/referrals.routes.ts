import { referralsApi } from '@doers/contract';
import { RATE_RULES, enforce, type RateLimiter } from '../../platform/rate-limiter.js';
import type { Route } from '../../platform/router.js';
import type { ReferralsService } from './referrals.service.js';

export function referralsRoutes(
  route: Route,
  deps: { referrals: ReferralsService; limiter: RateLimiter },
): void {
  route(referralsApi.validate, async ({ body, request }) => {
    await enforce(deps.limiter, `referral:ip:${request.ip}`, RATE_RULES.validateReferral);
    return deps.referrals.validate(body.referralCode);
  });
}
