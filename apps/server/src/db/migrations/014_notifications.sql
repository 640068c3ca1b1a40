-- Notifications (docs/product/notifications.md): the folded list, each person's settings and the
-- daily streak reminder's ledger.

-- Every notification names the line it folds into: type, subject and the recipient's local day
-- ('smile:<postId>:2026-03-01'); a kind that never folds uses its own id, so its line is its own.
-- `in_app` false: the person turned the list off for this kind but not Web Push, so the row is
-- kept for the push alone and never reaches a line.
ALTER TABLE notifications ADD COLUMN fold_key text;
ALTER TABLE notifications ADD COLUMN in_app boolean NOT NULL DEFAULT true;
UPDATE notifications SET fold_key = type || ':' || id::text WHERE fold_key IS NULL;
ALTER TABLE notifications ALTER COLUMN fold_key SET NOT NULL;
-- The rows of one fold: "is this actor already in it" at write time, and which fold an id belongs
-- to when one is marked read (the primary key finds the row, this its siblings).
CREATE INDEX notifications_fold_idx ON notifications (user_id, fold_key, actor_id);

-- One row per line of the list, kept at write time (decision in docs/product/notifications.md):
-- reading a page is an index range with no GROUP BY, and a page cursor (at, head_id) stays stable
-- while new notifications arrive.
CREATE TABLE notification_folds (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  fold_key text NOT NULL,
  type text NOT NULL,
  -- The newest notification of the fold and its time: the line's id, data and place.
  head_id uuid NOT NULL,
  at timestamptz NOT NULL,
  -- The newest few people (at most 3, newest first), how many people in all, how many rows.
  actor_ids uuid[] NOT NULL DEFAULT '{}',
  actor_count integer NOT NULL,
  count integer NOT NULL,
  -- A fold that grows becomes unread again.
  read_at timestamptz,
  PRIMARY KEY (user_id, fold_key)
);
-- The list: a person's lines newest first, a page from the cursor on, in index order.
CREATE INDEX notification_folds_list_idx ON notification_folds (user_id, at DESC, head_id DESC);
-- The badge: a person's unread lines, without visiting the read ones.
CREATE INDEX notification_folds_unread_idx ON notification_folds (user_id) WHERE read_at IS NULL;

-- What existed before folding: one line each.
INSERT INTO notification_folds (user_id, fold_key, type, head_id, at, actor_ids, actor_count, count, read_at)
SELECT user_id, fold_key, type, id, created_at,
       CASE WHEN actor_id IS NULL THEN '{}'::uuid[] ELSE ARRAY[actor_id] END,
       CASE WHEN actor_id IS NULL THEN 0 ELSE 1 END, 1, read_at
  FROM notifications;

-- What a person changed; a kind missing from `types` has both channels on, and no row means
-- every default (no reminder).
CREATE TABLE notification_settings (
  user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  -- {"smile": {"inApp": false, "push": true}, …}
  types jsonb NOT NULL DEFAULT '{}',
  -- The daily reminder's hour in the person's own zone; null: no reminder.
  reminder_hour integer CHECK (reminder_hour BETWEEN 0 AND 23),
  updated_at timestamptz NOT NULL
);
-- The reminder job reads only the people who chose an hour.
CREATE INDEX notification_settings_reminder_idx ON notification_settings (user_id)
  WHERE reminder_hour IS NOT NULL;

-- Who was reminded for which of their days. The primary key is the "never twice" rule: two server
-- instances running the job at once both try to insert and only one succeeds, and only that one
-- writes the notification (in the same transaction).
CREATE TABLE streak_reminders (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  day text NOT NULL,
  sent_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, day)
);
