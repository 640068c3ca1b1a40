-- An admin lifting a suspension is written to the audit log like every moderation action.
ALTER TABLE moderation_log DROP CONSTRAINT moderation_log_action_check;
ALTER TABLE moderation_log ADD CONSTRAINT moderation_log_action_check
  CHECK (action IN ('hide', 'warn', 'suspend', 'dismiss', 'lift'));
