-- Quests, tasks, participants (owner included), join requests, check-ins, rest days.
-- Days are 'YYYY-MM-DD' text in the person's own zone: a day is a calendar fact, not an instant.

ALTER TABLE users ADD COLUMN day_start_hour integer NOT NULL DEFAULT 0;

CREATE TABLE quests (
  id uuid PRIMARY KEY,
  owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  title text NOT NULL,
  description text NOT NULL DEFAULT '',
  category text NOT NULL,
  emoji text NOT NULL,
  target_days integer,
  end_date text,
  visibility text NOT NULL,
  allow_others_to_join boolean NOT NULL DEFAULT false,
  participant_limit integer,
  requires_approval boolean NOT NULL DEFAULT false,
  status text NOT NULL DEFAULT 'active',
  started_on text NOT NULL,
  template_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz,
  abandoned_at timestamptz
);
CREATE INDEX quests_owner_idx ON quests (owner_id, created_at DESC);

CREATE TABLE quest_tasks (
  id uuid PRIMARY KEY,
  quest_id uuid NOT NULL REFERENCES quests(id) ON DELETE CASCADE,
  title text NOT NULL,
  position integer NOT NULL
);
CREATE INDEX quest_tasks_quest_idx ON quest_tasks (quest_id, position);

-- One row per person on a quest. The streak columns are recomputed from check-ins on every
-- change; run_length is the run ending at the last check-in (whether it is still alive is a
-- question of today, answered when read).
CREATE TABLE quest_participants (
  quest_id uuid NOT NULL REFERENCES quests(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  role text NOT NULL,
  status text NOT NULL DEFAULT 'active',
  joined_at timestamptz NOT NULL DEFAULT now(),
  joined_on text NOT NULL,
  run_length integer NOT NULL DEFAULT 0,
  longest_streak integer NOT NULL DEFAULT 0,
  total_check_ins integer NOT NULL DEFAULT 0,
  last_day text,
  last_zone text,
  last_day_start_hour integer,
  last_at timestamptz,
  PRIMARY KEY (quest_id, user_id)
);
CREATE INDEX quest_participants_user_idx ON quest_participants (user_id, status);

CREATE TABLE quest_requests (
  id uuid PRIMARY KEY,
  quest_id uuid NOT NULL REFERENCES quests(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'pending',
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz
);
CREATE UNIQUE INDEX quest_requests_pending_key ON quest_requests (quest_id, user_id) WHERE status = 'pending';
CREATE INDEX quest_requests_quest_idx ON quest_requests (quest_id, status);

CREATE TABLE check_ins (
  id uuid PRIMARY KEY,
  quest_id uuid NOT NULL REFERENCES quests(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  day text NOT NULL,
  zone text NOT NULL,
  day_start_hour integer NOT NULL,
  -- An instant inside that day (for a late check-in, the last minute of yesterday).
  anchor_at timestamptz NOT NULL,
  late boolean NOT NULL DEFAULT false,
  task_ids uuid[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX check_ins_quest_user_idx ON check_ins (quest_id, user_id, anchor_at);
CREATE INDEX check_ins_user_idx ON check_ins (user_id, anchor_at);
CREATE INDEX check_ins_created_idx ON check_ins (created_at DESC, id DESC);

CREATE TABLE rest_days (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  day text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, day)
);

-- The person's run across all quests, as for a quest above.
ALTER TABLE user_stats ADD COLUMN last_day text;
ALTER TABLE user_stats ADD COLUMN last_zone text;
ALTER TABLE user_stats ADD COLUMN last_day_start_hour integer;
ALTER TABLE user_stats ADD COLUMN last_at timestamptz;
