import { z } from 'zod';
import { PAYMENT_STATUSES, SUPPORTER_TIERS } from './constants.js';
import { endpoint } from './http.js';
import { userIdParams, userLimits } from './users.js';

/**
 * What people with admin access may do (docs/product/referrals-and-founders.md#admin-rights).
 * Every endpoint here answers 403 "You need admin access for this" to anyone else.
 */
export const setTierRequest = z.object({
  tier: z.enum(SUPPORTER_TIERS, 'Choose a tier: free, supporter or champion'),
});
export type SetTierRequest = z.infer<typeof setTierRequest>;

/** A person's tier and the limits that follow it, after an admin set them. */
export const tierGrant = z.object({
  userId: z.string(),
  username: z.string(),
  supporterTier: z.enum(SUPPORTER_TIERS),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  limits: userLimits,
});
export type TierGrant = z.infer<typeof tierGrant>;

export const adminApi = {
  /** With no payment provider configured, an admin grants a tier; the person becomes Exempt. */
  setTier: endpoint({
    method: 'POST',
    path: '/admin/users/:id/tier',
    access: 'signed-in',
    params: userIdParams,
    body: setTierRequest,
    response: tierGrant,
  }),
};
