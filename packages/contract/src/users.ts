import { z } from 'zod';
import { ACCOUNT_TYPES, PAYMENT_STATUSES, SUPPORTER_TIERS } from './constants.js';
import { endpoint } from './http.js';
import { userStats } from './stats.js';
import { transcript, transcriptText } from './transcripts.js';

/** Profile rules (docs/product/profiles.md). */
export const PROFILE_LIMITS = {
  displayNameMax: 50,
  bioMax: 150,
  /** Interests a person picks: at least this many, and at most `interestsMax`. */
  interestsMin: 3,
  interestsMax: 10,
} as const;

/** One of the seeded interests of `GET /interests`. */
export const interest = z.object({
  id: z.string(),
  label: z.string(),
  emoji: z.string(),
});
export type Interest = z.infer<typeof interest>;

/** A person's voice intro: a public voice note of at most 60 s. */
export const voiceIntro = z.object({
  mediaId: z.string(),
  url: z.string(),
  durationMs: z.number().int(),
  /** WAVEFORM_PEAKS values from 0 to 1. */
  waveform: z.array(z.number()),
  /** What was said (transcripts.ts), or null. */
  transcript: transcript.nullable(),
});
export type VoiceIntro = z.infer<typeof voiceIntro>;

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

/** How the signed-in viewer and the person stand; null on one's own record. */
export const profileViewer = z.object({
  /** The viewer vibes with this person. */
  vibingWith: z.boolean(),
  /** This person vibes with the viewer. Both true: mutual vibers. */
  vibesWithYou: z.boolean(),
  /** The viewer blocked this person: nothing of theirs is shown beyond name and picture. */
  blockedByYou: z.boolean(),
  /** This person blocked the viewer: the same, seen from the other side. */
  blocksYou: z.boolean(),
});
export type ProfileViewer = z.infer<typeof profileViewer>;

/** What everyone may see of a person. */
export const personSummary = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.string(),
  profilePictureUrl: z.string().nullable(),
  isFounder: z.boolean(),
});
export type PersonSummary = z.infer<typeof personSummary>;

export const publicUser = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.string(),
  /** A public photo (square, at most MEDIA_LIMITS.avatarSide px), or null. */
  profilePictureUrl: z.string().nullable(),
  /** One line about oneself (PROFILE_LIMITS.bioMax characters), '' when none. */
  bio: z.string(),
  /** In the order the person chose them. */
  interests: z.array(interest),
  voiceIntro: voiceIntro.nullable(),
  accountType: z.enum(ACCOUNT_TYPES),
  isFounder: z.boolean(),
  joinDate: z.string(),
  profile: userProfile,
  /**
   * Null when this person keeps their figures from the viewer: a private profile the viewer
   * may not see in full (`isPrivate`), or "Show my stats" turned off. Never null on one's own.
   */
  stats: userStats.nullable(),
  /**
   * The person's profile is private and the viewer is not a mutual viber (they vibe with each
   * other): bio, voice intro, interests, badges, stats and who invited them are left out; name,
   * username and picture stay. Always false on one's own record and for mutual vibers.
   */
  isPrivate: z.boolean(),
  viewer: profileViewer.nullable(),
  /** Who invited this person to Doers (their referrer), while that account is active. */
  invitedBy: personSummary.nullable(),
});
export type PublicUser = z.infer<typeof publicUser>;

/**
 * The User of docs/product/accounts-and-sessions.md; only its owner receives it. Never carries the
 * password hash.
 */
export const user = publicUser.extend({
  /** One's own figures are always there. */
  stats: userStats,
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
  /** Settings → Accessibility: every transcript shown open under its voice note. */
  alwaysShowTranscripts: z.boolean(),
  deviceIds: z.array(z.string()),
  updatedAt: z.string(),
});
export type User = z.infer<typeof user>;

/** `GET /users/{id}`: the full User for oneself, the public face for anyone else. */
export const getUserResponse = z.union([user, publicUser]);
export type GetUserResponse = z.infer<typeof getUserResponse>;

export const userIdParams = z.object({ id: z.uuid('Not a valid user id') });

/** How other people appear in lists: enough for an avatar and a name. */

/** `PATCH /users/me/preferences`: only the preferences given change; at least one is given. */
export const preferencesRequest = z
  .object({
    dayStartHour: z
      .number()
      .int()
      .min(0, 'Pick an hour from 0 to 23')
      .max(23, 'Pick an hour from 0 to 23'),
    alwaysShowTranscripts: z.boolean({ error: 'alwaysShowTranscripts must be true or false' }),
  })
  .partial()
  .refine(
    (body) => body.dayStartHour !== undefined || body.alwaysShowTranscripts !== undefined,
    'Give dayStartHour or alwaysShowTranscripts to change',
  );
export type PreferencesRequest = z.infer<typeof preferencesRequest>;

const HEX_COLOR = /^#[0-9A-Fa-f]{6}$/;

/** `PATCH /users/me/profile`: only the fields given change. */
export const updateProfileRequest = z
  .object({
    displayName: z
      .string()
      .trim()
      .min(1, 'Your name cannot be empty')
      .max(
        PROFILE_LIMITS.displayNameMax,
        `Your name can be at most ${PROFILE_LIMITS.displayNameMax} characters`,
      ),
    bio: z
      .string()
      .trim()
      .max(PROFILE_LIMITS.bioMax, `Your bio can be at most ${PROFILE_LIMITS.bioMax} characters`)
      .refine((s) => !/[\r\n]/.test(s), 'Your bio is one line'),
    colorTheme: z.string().regex(HEX_COLOR, 'A colour is written #RRGGBB, like #4A90E2'),
    haloIntensity: z
      .number()
      .min(0, 'Halo intensity goes from 0 to 1')
      .max(1, 'Halo intensity goes from 0 to 1'),
  })
  .partial()
  .strict();
export type UpdateProfileRequest = z.infer<typeof updateProfileRequest>;

/** `PUT /users/me/avatar` (an `avatar` upload) and `PUT /users/me/voice-intro` (`voice-intro`). */
export const setMediaRequest = z.object({ mediaId: z.uuid('Not a valid media id') });
export type SetMediaRequest = z.infer<typeof setMediaRequest>;

/** `PUT /users/me/voice-intro`: the upload, and what the speaker's device heard of it. */
export const setVoiceIntroRequest = setMediaRequest.extend({
  transcript: transcriptText.optional(),
});
export type SetVoiceIntroRequest = z.infer<typeof setVoiceIntroRequest>;

export const setInterestsRequest = z.object({
  ids: z
    .array(z.string().max(40))
    .min(PROFILE_LIMITS.interestsMin, `Choose at least ${PROFILE_LIMITS.interestsMin} interests`)
    .max(PROFILE_LIMITS.interestsMax, `Choose at most ${PROFILE_LIMITS.interestsMax} interests`)
    .refine((ids) => new Set(ids).size === ids.length, 'Each interest can be chosen once'),
});
export type SetInterestsRequest = z.infer<typeof setInterestsRequest>;

export const interestsResponse = z.object({ interests: z.array(interest) });
export type InterestsResponse = z.infer<typeof interestsResponse>;

/** Who sees what of my profile (docs/product/profiles.md#privacy), on /settings/privacy. */
export const privacySettings = z.object({
  /** Only mutual vibers (and I) see my bio, voice intro, interests, badges and stats. */
  privateProfile: z.boolean({ error: 'privateProfile must be true or false' }),
  /** Other people see my stats on my profile and my check-in calendars; on by default. */
  showStats: z.boolean({ error: 'showStats must be true or false' }),
});
export type PrivacySettings = z.infer<typeof privacySettings>;

/** `PATCH /users/me/privacy`: only the settings given change; at least one is given. */
export const updatePrivacyRequest = z
  .strictObject(privacySettings.partial().shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Not a privacy setting: ${issue.keys.join(', ')} (use privateProfile or showStats)`
        : undefined,
  })
  .refine(
    (body) => body.privateProfile !== undefined || body.showStats !== undefined,
    'Give privateProfile or showStats to change',
  );
export type UpdatePrivacyRequest = z.infer<typeof updatePrivacyRequest>;

export const usersApi = {
  /** My privacy settings. */
  privacy: endpoint({
    method: 'GET',
    path: '/users/me/privacy',
    access: 'signed-in',
    response: privacySettings,
  }),
  /** Private profile, show my stats: each applies to every view of my profile at once. */
  savePrivacy: endpoint({
    method: 'PATCH',
    path: '/users/me/privacy',
    access: 'signed-in',
    body: updatePrivacyRequest,
    response: privacySettings,
    idempotent: true,
  }),
  get: endpoint({
    method: 'GET',
    path: '/users/:id',
    access: 'signed-in',
    params: userIdParams,
    response: getUserResponse,
  }),
  /** The signed-in person's own full record. */
  me: endpoint({
    method: 'GET',
    path: '/users/me',
    access: 'signed-in',
    allowSuspended: true,
    response: user,
  }),
  setPreferences: endpoint({
    method: 'PATCH',
    path: '/users/me/preferences',
    access: 'signed-in',
    body: preferencesRequest,
    response: user,
  }),
  /** Display name, bio, colour theme and halo intensity. */
  updateProfile: endpoint({
    method: 'PATCH',
    path: '/users/me/profile',
    access: 'signed-in',
    body: updateProfileRequest,
    response: user,
  }),
  /** Makes the caller's `avatar` upload their (public) profile picture; the old one is removed. */
  setAvatar: endpoint({
    method: 'PUT',
    path: '/users/me/avatar',
    access: 'signed-in',
    body: setMediaRequest,
    response: user,
  }),
  /** Makes the caller's `voice-intro` upload their (public) voice intro; the old one is removed. */
  setVoiceIntro: endpoint({
    method: 'PUT',
    path: '/users/me/voice-intro',
    access: 'signed-in',
    body: setVoiceIntroRequest,
    response: user,
  }),
  removeVoiceIntro: endpoint({
    method: 'DELETE',
    path: '/users/me/voice-intro',
    access: 'signed-in',
    response: user,
  }),
  /** Every interest one can choose, in display order. */
  interests: endpoint({
    method: 'GET',
    path: '/interests',
    access: 'signed-in',
    response: interestsResponse,
  }),
  /** Replaces the caller's interests (ids from `GET /interests`, in the order chosen). */
  setInterests: endpoint({
    method: 'PUT',
    path: '/users/me/interests',
    access: 'signed-in',
    body: setInterestsRequest,
    response: user,
  }),
};
