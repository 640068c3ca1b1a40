import { z } from 'zod';
import { ACCOUNT_TYPES, PAYMENT_STATUSES, SUPPORTER_TIERS } from './constants.js';

export const userStats = z.object({
  activeQuests: z.number().int(),
  completedQuests: z.number().int(),
  currentStreak: z.number().int(),
  longestStreak: z.number().int(),
  totalCheckIns: z.number().int(),
  totalPosts: z.number().int(),
  totalSmiles: z.number().int(),
  totalVibes: z.number().int(),
  totalVibers: z.number().int(),
  totalVibingWith: z.number().int(),
  totalCompletedQuests: z.number().int(),
  totalSmilesSent: z.number().int(),
  totalHums: z.number().int(),
  totalPostInteractions: z.number().int(),
});
export type UserStats = z.infer<typeof userStats>;

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

/** The client-side User of spec §3; only its owner receives it. Never carries the password hash. */
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
