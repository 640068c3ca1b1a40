/** Business constants (docs/product/limits-and-tiers.md), shared by server and web. */

export const REQUEST_TIMEOUT_MS = 30_000;
export const TOKEN_REFRESH_INTERVAL_MS = 360 * 60_000;
export const TOAST_DURATION_MS = 5000;
export const UNREAD_BADGE_CAP = 99;
export const HEADER_HIDE_SCROLL_PX = 80;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;
export const RESET_LINK_VALIDITY_MS = 60 * 60_000;
export const SPLASH_MIN_MS = 500;
export const MAINTENANCE_RETRY_S = 30;
export const VERSION_CHECK_COOLDOWN_MS = 60_000;
/** The offline queue (docs/product/offline-queue.md). */
export const OFFLINE_MAX_RETRIES = 3;
export const SYNC_DELAY_AFTER_RECONNECT_MS = 1000;
export const ALL_SYNCED_DISPLAY_MS = 3000;

export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 30;
export const USERNAME_PATTERN = /^[a-z0-9_]+$/;

/** Referral codes avoid look-alike characters (0, 1, I, l, O). */
export const REFERRAL_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const REFERRAL_CODE_LENGTH = 8;
export const REFERRALS_PER_MONTH = 3;
export const FOUNDER_REFERRALS_PER_MONTH = 999;

export const DEFAULT_COLOR_THEME = '#4A90E2';
export const DEFAULT_HALO_INTENSITY = 0.5;

export const SUPPORTER_TIERS = ['free', 'supporter', 'champion'] as const;
export type SupporterTier = (typeof SUPPORTER_TIERS)[number];

export const ACCOUNT_TYPES = ['standard', 'founder'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export const PAYMENT_STATUSES = ['Unpaid', 'Paid', 'Exempt'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Limits follow the supporter tier (docs/product/limits-and-tiers.md). */
export const TIER_LIMITS: Record<
  SupporterTier,
  { quests: number; postDuration: number; dmDuration: number }
> = {
  free: { quests: 1, postDuration: 120, dmDuration: 120 },
  supporter: { quests: 5, postDuration: 300, dmDuration: 300 },
  champion: { quests: 20, postDuration: 600, dmDuration: 600 },
};

export const VIBE_REASONS = [
  'motivated',
  'inspired',
  'proud',
  'rooting for you',
  'relatable',
  'grateful',
] as const;
export type VibeReasonChoice = (typeof VIBE_REASONS)[number];

/** The fixed text of the automatic vibe a referred person sends their referrer on sign-up. */
export const SIGNUP_VIBE_REASON = 'Thanks for inviting me to Doers!';

export const ONBOARDING_STEPS = [
  'install-app',
  'welcome',
  'profile-picture',
  'interests',
  'voice-intro',
  'first-quest',
] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

/** Which progress flag each onboarding step sets (docs/product/onboarding.md). */
export const ONBOARDING_STEP_FLAGS = {
  'install-app': 'appInstallPromptSeen',
  welcome: 'welcomeScreenSeen',
  'profile-picture': 'profilePictureUploaded',
  interests: 'interestsSelected',
  'voice-intro': 'voiceBioRecorded',
  'first-quest': 'firstQuestCreated',
} as const satisfies Record<OnboardingStep, string>;
export type OnboardingFlag = (typeof ONBOARDING_STEP_FLAGS)[OnboardingStep];

export const DEVICE_TYPES = ['mobile', 'tablet', 'desktop', 'web'] as const;
