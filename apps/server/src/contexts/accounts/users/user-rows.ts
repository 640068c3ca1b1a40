import type { Interest, PersonSummary, Transcript } from '@doers/contract';
import type { StatsRow } from '../../progress/index.js';
import type { PrivacyColumns } from './privacy.repository.js';

/** A row of `users`, as `SELECT *` reads it. */
export type UserRow = {
  id: string;
  email: string;
  username: string;
  display_name: string;
  password_hash: string;
  account_type: 'standard' | 'founder';
  supporter_tier: 'free' | 'supporter' | 'champion';
  payment_status: 'Unpaid' | 'Paid' | 'Exempt';
  referral_code: string;
  referred_by: string | null;
  referral_warnings: number;
  founder_id: number | null;
  founder_joined_at: Date | null;
  limit_quests: number;
  limit_post_duration: number;
  limit_dm_duration: number;
  limit_referrals_per_month: number;
  color_theme: string;
  halo_intensity: number;
  badges: string[];
  is_goat: boolean;
  profile_picture_url: string | null;
  bio: string;
  avatar_media_id: string | null;
  voice_intro_media_id: string | null;
  status: 'Active' | 'Suspended' | 'Deleted';
  /** A suspension's end (null: until lifted) and the reason the person is told. */
  suspended_until: Date | null;
  suspension_reason: string | null;
  timezone: string;
  last_active: Date | null;
  session_epoch: number;
  day_start_hour: number;
  /** Settings → Accessibility: transcripts shown open. */
  always_show_transcripts: boolean;
  /** Granted by an operator (`npm run admin`), never by signing up as a founder. */
  admin_access: boolean;
  moderation_tools: boolean;
  created_at: Date;
  updated_at: Date;
};

/** A person with their figures; devices and referral counts only in their own view. */
export type ProfileRow = UserRow &
  PrivacyColumns &
  StatsRow & {
    rest_days: string[];
    device_ids: string[] | null;
    referrals_since: number | null;
    referrals_total: number | null;
    referrals_last: Date | null;
    interests: Interest[];
    /** The voice intro's media row, when it exists. */
    voice_intro_duration_ms: number | null;
    voice_intro_waveform: number[] | null;
    voice_intro_transcript: Transcript | null;
    /** With a viewer other than the person: who vibes with whom (vibing_with, read only). */
    viewer_vibing_with: boolean | null;
    viewer_vibed_by: boolean | null;
    /** With a viewer other than the person: who blocked whom (blocks, read only). */
    viewer_blocked: boolean | null;
    viewer_blocked_by: boolean | null;
    invited_by: PersonSummary | null;
  };
