import { z } from 'zod';
import { endpoint } from './http.js';
import { pageOf, pageQuery } from './pagination.js';
import { personSummary } from './users.js';

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

/** My invites (/qr-code): my code, the link my QR code carries, and this month's quota. */
export const myInvites = z.object({
  referralCode: z.string(),
  /** PUBLIC_URL/invite/{code}: what the QR code encodes. */
  inviteUrl: z.string(),
  quota: z.object({ used: z.number().int(), limit: z.number().int(), resetDate: z.string() }),
  totalReferred: z.number().int(),
});
export type MyInvites = z.infer<typeof myInvites>;

/** Someone who joined with my code, and when. */
export const referredPerson = z.object({ user: personSummary, joinedAt: z.string() });
export type ReferredPerson = z.infer<typeof referredPerson>;
export const referredPage = pageOf(referredPerson);
export type ReferredPage = z.infer<typeof referredPage>;

export const referralsApi = {
  mine: endpoint({
    method: 'GET',
    path: '/referrals/mine',
    access: 'signed-in',
    response: myInvites,
  }),
  /** The people I referred, newest first. */
  referred: endpoint({
    method: 'GET',
    path: '/referrals/mine/people',
    access: 'signed-in',
    query: pageQuery,
    response: referredPage,
  }),
  validate: endpoint({
    method: 'POST',
    path: '/auth/validate-referral',
    access: 'public',
    body: validateReferralRequest,
    response: validateReferralResponse,
  }),
};
