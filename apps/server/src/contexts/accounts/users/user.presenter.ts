import type { PublicUser, User, UserStats } from '@doers/contract';
import { monthKey } from '../../people/index.js';
import { seenThroughABlock } from '../../people/index.js';
import type { ReferralQuota } from '../../people/index.js';
import type { ProfileRow } from './user-rows.js';

type Stats = UserStats;

/**
 * Where a voice intro is heard: its public URL, or, for a private profile, a signed one (the
 * file answers its public URL to nobody then: media-access.ts). Given by the users service.
 */
export type IntroUrl = (mediaId: string, privateProfile: boolean) => string;

export function presentPublicUser(u: ProfileRow, stats: Stats, introUrl: IntroUrl): PublicUser {
  const user = presentProfile(u, stats, introUrl);
  // Blocked either way (docs/product/blocking.md): the name stays, and the picture to the
  // blocker, so that they can recognise the person and unblock them; nothing else is shown.
  if (user.viewer?.blocksYou) {
    const { profilePictureUrl, colorTheme, haloIntensity } = seenThroughABlock({
      ...user.profile,
      profilePictureUrl: user.profilePictureUrl,
    });
    const plain = {
      ...user,
      profilePictureUrl,
      profile: { ...user.profile, colorTheme, haloIntensity },
    };
    return { ...withoutAbout(plain), stats: zeroed(stats) };
  }
  if (user.viewer?.blockedByYou) return { ...withoutAbout(user), stats: zeroed(stats) };
  // A private profile (docs/product/profiles.md#privacy) is whole only to mutual vibers: the
  // rule of vibers-only posts and quests. Vibing with the person alone unlocks nothing.
  const mutual = u.viewer_vibing_with === true && u.viewer_vibed_by === true;
  if (u.private_profile && !mutual) return { ...withoutAbout(user), stats: null, isPrivate: true };
  return u.show_stats ? user : { ...user, stats: null };
}

/** Name, username and picture only: what the person says about themselves is left out. */
function withoutAbout(user: PublicUser): PublicUser {
  return {
    ...user,
    bio: '',
    interests: [],
    voiceIntro: null,
    profile: { ...user.profile, badges: [], isGOAT: false },
    invitedBy: null,
  };
}

function zeroed(stats: Stats): Stats {
  return Object.fromEntries(Object.keys(stats).map((key) => [key, 0])) as Stats;
}

/** The whole profile, as its owner (and, unless private or blocked, everyone) sees it. */
function presentProfile(
  u: ProfileRow,
  stats: Stats,
  introUrl: IntroUrl,
): PublicUser & { stats: Stats } {
  const isFounder = u.founder_id !== null;
  return {
    id: u.id,
    username: u.username,
    displayName: u.display_name,
    profilePictureUrl: u.profile_picture_url,
    bio: u.bio,
    interests: u.interests,
    voiceIntro:
      u.voice_intro_media_id && u.voice_intro_duration_ms !== null
        ? {
            mediaId: u.voice_intro_media_id,
            url: introUrl(u.voice_intro_media_id, u.private_profile),
            durationMs: u.voice_intro_duration_ms,
            waveform: u.voice_intro_waveform ?? [],
            transcript: u.voice_intro_transcript,
          }
        : null,
    accountType: u.account_type,
    isFounder,
    joinDate: u.created_at.toISOString(),
    profile: {
      colorTheme: u.color_theme,
      haloIntensity: u.halo_intensity,
      badges: isFounder && !u.badges.includes('founder') ? ['founder', ...u.badges] : u.badges,
      isGOAT: u.is_goat,
    },
    stats,
    isPrivate: false,
    invitedBy: u.invited_by,
    viewer:
      u.viewer_vibing_with === null || u.viewer_vibed_by === null
        ? null
        : {
            vibingWith: u.viewer_vibing_with,
            vibesWithYou: u.viewer_vibed_by,
            blockedByYou: u.viewer_blocked ?? false,
            blocksYou: u.viewer_blocked_by ?? false,
          },
  };
}

export function presentUser(
  u: ProfileRow,
  stats: Stats,
  extra: { deviceIds: string[]; quota: ReferralQuota; introUrl: IntroUrl },
): User {
  const isFounder = u.founder_id !== null;
  return {
    ...presentProfile(u, stats, extra.introUrl),
    partitionKey: u.id,
    email: u.email,
    createdAt: u.created_at.toISOString(),
    supporterTier: u.supporter_tier,
    paymentStatus: u.payment_status,
    referralCode: u.referral_code,
    referralQuota: {
      used: extra.quota.used,
      limit: extra.quota.limit,
      resetDate: extra.quota.resetDate.toISOString(),
    },
    referralWarnings: u.referral_warnings,
    referralTracking: {
      referralsThisMonth: extra.quota.used,
      lastReferralMonth: extra.quota.last ? monthKey(extra.quota.last) : null,
      totalLifetimeReferrals: extra.quota.total,
    },
    founder: {
      isFounder,
      founderId: u.founder_id,
      joinedAt: u.founder_joined_at?.toISOString() ?? null,
      permissions: {
        unlimitedReferrals: isFounder,
        bypassPayment: isFounder,
        // Granted one by one by an operator; being a founder grants neither.
        adminAccess: u.admin_access,
        moderationTools: u.moderation_tools,
      },
    },
    limits: {
      quests: u.limit_quests,
      postDuration: u.limit_post_duration,
      dmDuration: u.limit_dm_duration,
      referralsPerMonth: u.limit_referrals_per_month,
    },
    status: u.status,
    lastActive: u.last_active?.toISOString() ?? null,
    timezone: u.timezone,
    dayStartHour: u.day_start_hour,
    alwaysShowTranscripts: u.always_show_transcripts,
    deviceIds: extra.deviceIds,
    updatedAt: u.updated_at.toISOString(),
  };
}
