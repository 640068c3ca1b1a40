-- Accounts, devices, sessions, password resets, referrals, onboarding, vibes, notifications.

CREATE TABLE users (
  id uuid PRIMARY KEY,
  email text NOT NULL,
  username text NOT NULL,
  display_name text NOT NULL,
  password_hash text NOT NULL,
  account_type text NOT NULL DEFAULT 'standard',
  supporter_tier text NOT NULL DEFAULT 'free',
  payment_status text NOT NULL DEFAULT 'Unpaid',
  referral_code text NOT NULL,
  referred_by uuid REFERENCES users(id) ON DELETE SET NULL,
  referral_warnings integer NOT NULL DEFAULT 0,
  founder_id integer,
  founder_joined_at timestamptz,
  limit_quests integer NOT NULL,
  limit_post_duration integer NOT NULL,
  limit_dm_duration integer NOT NULL,
  limit_referrals_per_month integer NOT NULL,
  color_theme text NOT NULL DEFAULT '#4A90E2',
  halo_intensity real NOT NULL DEFAULT 0.5,
  badges text[] NOT NULL DEFAULT '{}',
  is_goat boolean NOT NULL DEFAULT false,
  profile_picture_url text,
  status text NOT NULL DEFAULT 'Active',
  timezone text NOT NULL DEFAULT 'UTC',
  last_active timestamptz,
  -- Access tokens carry this number; a password reset bumps it and signs out everywhere.
  session_epoch integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));
CREATE UNIQUE INDEX users_username_key ON users (lower(username));
CREATE UNIQUE INDEX users_referral_code_key ON users (referral_code);
CREATE UNIQUE INDEX users_founder_id_key ON users (founder_id);
CREATE INDEX users_referred_by_idx ON users (referred_by, created_at);

-- Counters kept beside the user so that reading a profile never aggregates.
CREATE TABLE user_stats (
  user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  active_quests integer NOT NULL DEFAULT 0,
  completed_quests integer NOT NULL DEFAULT 0,
  current_streak integer NOT NULL DEFAULT 0,
  longest_streak integer NOT NULL DEFAULT 0,
  total_check_ins integer NOT NULL DEFAULT 0,
  total_posts integer NOT NULL DEFAULT 0,
  total_smiles integer NOT NULL DEFAULT 0,
  total_vibes integer NOT NULL DEFAULT 0,
  total_vibers integer NOT NULL DEFAULT 0,
  total_vibing_with integer NOT NULL DEFAULT 0,
  total_completed_quests integer NOT NULL DEFAULT 0,
  total_smiles_sent integer NOT NULL DEFAULT 0,
  total_hums integer NOT NULL DEFAULT 0,
  total_post_interactions integer NOT NULL DEFAULT 0
);

CREATE TABLE devices (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  id text NOT NULL,
  name text NOT NULL,
  type text NOT NULL,
  os text NOT NULL,
  browser text NOT NULL,
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, id)
);

-- Refresh tokens rotate; one family is one device's sign-in. Only hashes are stored.
CREATE TABLE refresh_tokens (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  device_id text NOT NULL,
  family_id uuid NOT NULL,
  token_hash text NOT NULL UNIQUE,
  remember boolean NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX refresh_tokens_family_idx ON refresh_tokens (family_id);
CREATE INDEX refresh_tokens_user_idx ON refresh_tokens (user_id);

CREATE TABLE password_resets (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE onboarding_steps (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  step text NOT NULL,
  completed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, step)
);

CREATE TABLE vibes (
  id uuid PRIMARY KEY,
  sender_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  target_user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  reason text NOT NULL,
  post_id uuid,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX vibes_target_idx ON vibes (target_user_id, created_at DESC);

-- "Vibing with" is the follow relation: user_id vibes with target_id.
CREATE TABLE vibing_with (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  target_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, target_id)
);
CREATE INDEX vibing_with_target_idx ON vibing_with (target_id);

CREATE TABLE notifications (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  type text NOT NULL,
  actor_id uuid REFERENCES users(id) ON DELETE CASCADE,
  data jsonb NOT NULL DEFAULT '{}',
  read_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notifications_user_idx ON notifications (user_id, created_at DESC);

-- Replayed writes (offline queue) return their first answer.
CREATE TABLE idempotency_keys (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  key text NOT NULL,
  method text NOT NULL,
  path text NOT NULL,
  status_code integer NOT NULL,
  body jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
);
