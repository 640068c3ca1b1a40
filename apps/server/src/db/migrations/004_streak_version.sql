-- Streak figures are written optimistically: a writer saves only if the version it read is
-- still the current one (docs/decisions/0007-clock-events-and-cheap-writes.md).
ALTER TABLE user_stats ADD COLUMN streak_version integer NOT NULL DEFAULT 0;
