import { z } from 'zod';
import { ACCOUNT_TYPES, PAYMENT_STATUSES, SUPPORTER_TIERS } from './constants.js';
import { endpoint } from './http.js';
import { userStats } from './stats.js';

export const userLimits = z.object({
  quests: z.number().int(),
  postDuration: z.number().int(),
  dmDuration: z.number().int(),
  referralsPerMonth: z.number().int(),
});
export type UserLimits = z.infer<typeof userLimits>;

export const userProfile = z.object({
  colorTheme: z.string(),
  haloIntensity: z.number(),
  badges: z.array(z.string()),
  isGOAT: z.boolean(),
});

/** What everyone may see of a person. */
export const publicUser = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.string(),
  profilePictureUrl: z.string().nullable(),
  accountType: z.enum(ACCOUNT_TYPES),
  isFounder: z.boolean(),
  joinDate: z.string(),
  profile: userProfile,
  stats: userStats,
});
export type PublicUser = z.infer<typeof publicUser>;

/**
 * The User of docs/product/accounts-and-sessions.md; only its owner receives it. Never carries the
 * password hash.
 */
export const user = publicUser.extend({
  partitionKey: z.string(),
  email: z.string(),
  createdAt: z.string(),
  supporterTier: z.enum(SUPPORTER_TIERS),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  referralCode: z.string(),
  referralQuota: z.object({
    used: z.number().int(),
    limit: z.number().int(),
    resetDate: z.string(),
  }),
  referralWarnings: z.number().int(),
  referralTracking: z.object({
    referralsThisMonth: z.number().int(),
    lastReferralMonth: z.string().nullable(),
    totalLifetimeReferrals: z.number().int(),
  }),
  founder: z.object({
    isFounder: z.boolean(),
    founderId: z.number().int().nullable(),
    joinedAt: z.string().nullable(),
    permissions: z.object({
      unlimitedReferrals: z.boolean(),
      bypassPayment: z.boolean(),
      adminAccess: z.boolean(),
      moderationTools: z.boolean(),
    }),
  }),
  limits: userLimits,
  status: z.enum(['Active', 'Suspended', 'Deleted']),
  lastActive: z.string().nullable(),
  timezone: z.string(),
  /** The hour (0–23) at which this person's day starts, for check-ins and streaks. */
  dayStartHour: z.number().int(),
  deviceIds: z.array(z.string()),
  updatedAt: z.string(),
});
export type User = z.infer<typeof user>;

/** `GET /users/{id}`: the full User for oneself, the public face for anyone else. */
export const getUserResponse = z.union([user, publicUser]);
export type GetUserResponse = z.infer<typeof getUserResponse>;

export const userIdParams = z.object({ id: z.uuid('Not a valid user id') });

/** How other people appear in lists: enough for an avatar and a name. */
export const personSummary = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.string(),
  profilePictureUrl: z.string().nullable(),
  isFounder: z.boolean(),
});
export type PersonSummary = z.infer<typeof personSummary>;

export const preferencesRequest = z.object({
  dayStartHour: z
    .number()
    .int()
    .min(0, 'Pick an hour from 0 to 23')
    .max(23, 'Pick an hour from 0 to 23'),
});
export type PreferencesRequest = z.infer<typeof preferencesRequest>;

export const usersApi = {
  get: endpoint({
    method: 'GET',
    path: '/users/:id',
    access: 'signed-in',
    params: userIdParams,
    response: getUserResponse,
  }),
  /** The signed-in person's own full record. */
  me: endpoint({ method: 'GET', path: '/users/me', access: 'signed-in', response: user }),
  setPreferences: endpoint({
    method: 'PATCH',
    path: '/users/me/preferences',
    access: 'signed-in',
    body: preferencesRequest,
    response: user,
  }),
};
