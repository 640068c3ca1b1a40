-- Streak checkpoints (docs/decisions/0005-days-and-streaks.md): where the walk over a person's
-- check-ins stood at an instant ten days back, so that a check-in reads only the check-ins after
-- it (check_ins_user_idx, by user and anchor) instead of the person's whole history. jsonb:
-- `before` (the instant), the run, the longest, the days and check-ins counted, and the mark
-- that counted the last day. NULL where none was kept yet: the next change reads everything
-- once and keeps one.
ALTER TABLE user_stats ADD COLUMN streak_checkpoint jsonb;
ALTER TABLE quest_participants ADD COLUMN streak_checkpoint jsonb;
