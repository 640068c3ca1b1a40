-- Reports and moderation (docs/product/safety.md).

-- Hidden by a moderator: gone for everyone at once, kept for the audit and the person's history.
ALTER TABLE posts ADD COLUMN hidden_at timestamptz;
ALTER TABLE comments ADD COLUMN hidden_at timestamptz;
ALTER TABLE dm_messages ADD COLUMN hidden_at timestamptz;
-- A suspension: status 'Suspended' until this time (null: until a moderator lifts it), and why.
ALTER TABLE users ADD COLUMN suspended_until timestamptz;
ALTER TABLE users ADD COLUMN suspension_reason text;

CREATE TABLE reports (
  id uuid PRIMARY KEY,
  reporter_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  target_type text NOT NULL CHECK (target_type IN ('post', 'comment', 'dm', 'user')),
  target_id uuid NOT NULL,
  -- Whose content it is, or the person reported: their history in the console.
  target_user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  category text NOT NULL,
  note text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'actioned', 'dismissed')),
  outcome text,
  created_at timestamptz NOT NULL,
  resolved_at timestamptz,
  -- One report per person and thing.
  UNIQUE (reporter_id, target_type, target_id)
);
-- The queue: open reports by what they are about.
CREATE INDEX reports_open_idx ON reports (target_type, target_id) WHERE status = 'open';
CREATE INDEX reports_target_user_idx ON reports (target_user_id);
-- A reporter's own reports, newest first.
CREATE INDEX reports_reporter_idx ON reports (reporter_id, created_at DESC, id DESC);

-- The audit log: every moderation action, who, what, when, why. Rows are never changed or
-- removed (the trigger below), except by an erasure that says so (doers.erasing = 'on').
CREATE TABLE moderation_log (
  id uuid PRIMARY KEY,
  moderator_id uuid,
  action text NOT NULL CHECK (action IN ('hide', 'warn', 'suspend', 'dismiss')),
  target_type text NOT NULL,
  target_id uuid NOT NULL,
  target_user_id uuid,
  reason text NOT NULL,
  suspended_until timestamptz,
  created_at timestamptz NOT NULL
);
CREATE INDEX moderation_log_created_idx ON moderation_log (created_at DESC, id DESC);
CREATE INDEX moderation_log_target_user_idx ON moderation_log (target_user_id, created_at DESC);

CREATE FUNCTION moderation_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('doers.erasing', true), '') = 'on' THEN
    RETURN coalesce(NEW, OLD);
  END IF;
  RAISE EXCEPTION 'moderation_log is append-only';
END
$$;
CREATE TRIGGER moderation_log_append_only BEFORE UPDATE OR DELETE ON moderation_log
  FOR EACH ROW EXECUTE FUNCTION moderation_log_append_only();
