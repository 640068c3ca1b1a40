-- The leaderboard (docs/product/leaderboard.md): this week's check-ins and the longest streaks,
-- read from figures kept up to date by every check-in, never by counting check-ins per request.

-- A person may keep themselves off every board (and so off being the GOAT).
ALTER TABLE users ADD COLUMN hide_from_leaderboard boolean NOT NULL DEFAULT false;

-- The Monday of the week of the person's latest check-in (in their own days) and how many
-- check-ins that week holds. The board counts a row only while that Monday is this week's in the
-- zone of the latest check-in.
ALTER TABLE user_stats ADD COLUMN week_start text;
ALTER TABLE user_stats ADD COLUMN week_check_ins integer NOT NULL DEFAULT 0;

-- This week's board: the one or two Mondays that are "this week" somewhere, most check-ins
-- first. Rows with none are left out of the index.
CREATE INDEX user_stats_week_idx ON user_stats (week_start, week_check_ins DESC)
  WHERE week_check_ins > 0;

-- The all-time board: longest streak first; people who never checked in are left out.
CREATE INDEX user_stats_longest_idx ON user_stats (longest_streak DESC) WHERE longest_streak > 0;

-- The one GOAT (top of the all-time board), found and unset without reading every person.
CREATE INDEX users_goat_idx ON users (id) WHERE is_goat;

-- Figures for check-ins made before this migration: the week of each person's latest one.
UPDATE user_stats s SET
  week_start = w.monday,
  week_check_ins = (SELECT count(*) FROM check_ins c WHERE c.user_id = s.user_id AND c.day >= w.monday)
  FROM (SELECT user_id,
               to_char(date_trunc('week', to_date(last_day, 'YYYY-MM-DD')), 'YYYY-MM-DD') AS monday
          FROM user_stats WHERE last_day IS NOT NULL) w
 WHERE w.user_id = s.user_id;

-- The GOAT as the all-time board ranks it today (ties: who joined first).
UPDATE users SET is_goat = true
 WHERE id = (SELECT s.user_id FROM user_stats s JOIN users u ON u.id = s.user_id
              WHERE s.longest_streak > 0 AND u.status = 'Active'
              ORDER BY s.longest_streak DESC, u.created_at, u.id LIMIT 1);
