import { z } from 'zod';
import { endpoint } from './http.js';

export const validateReferralRequest = z.object({
  referralCode: z.string().trim().min(1, 'Referral code is required').max(32),
});
export type ValidateReferralRequest = z.infer<typeof validateReferralRequest>;

export const referrer = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.string(),
  profilePictureUrl: z.string().nullable(),
  isFounder: z.boolean(),
});
export type Referrer = z.infer<typeof referrer>;

export const validateReferralResponse = z.object({
  valid: z.boolean(),
  referrer: referrer.nullable(),
  error: z.string().nullable(),
});
export type ValidateReferralResponse = z.infer<typeof validateReferralResponse>;

export const referralsApi = {
  validate: endpoint({
    method: 'POST',
    path: '/auth/validate-referral',
    access: 'public',
    body: validateReferralRequest,
    response: validateReferralResponse,
  }),
};
