-- Profiles (docs/product/profiles.md): a bio line, the profile picture and voice intro as
-- attached media, and interests chosen from a seeded list. The users module writes all of it.
ALTER TABLE users ADD COLUMN bio text NOT NULL DEFAULT '';
-- The media rows behind profile_picture_url and the voice intro; no foreign key, so that the
-- media module stays the only one deleting media rows (a missing row reads as "none").
ALTER TABLE users ADD COLUMN avatar_media_id uuid;
ALTER TABLE users ADD COLUMN voice_intro_media_id uuid;

CREATE TABLE interests (
  id text PRIMARY KEY,
  label text NOT NULL,
  emoji text NOT NULL,
  position integer NOT NULL UNIQUE
);

CREATE TABLE user_interests (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  interest_id text NOT NULL REFERENCES interests(id),
  position integer NOT NULL,
  PRIMARY KEY (user_id, interest_id)
);

INSERT INTO interests (id, label, emoji, position) VALUES
  ('fitness', 'Fitness', '💪', 1),
  ('running', 'Running', '🏃', 2),
  ('yoga', 'Yoga', '🧘', 3),
  ('cycling', 'Cycling', '🚴', 4),
  ('hiking', 'Hiking', '🥾', 5),
  ('swimming', 'Swimming', '🏊', 6),
  ('meditation', 'Meditation', '🧠', 7),
  ('sleep', 'Better sleep', '😴', 8),
  ('cooking', 'Cooking', '🍳', 9),
  ('nutrition', 'Healthy eating', '🥗', 10),
  ('reading', 'Reading', '📚', 11),
  ('writing', 'Writing', '✍️', 12),
  ('languages', 'Languages', '🗣️', 13),
  ('coding', 'Coding', '💻', 14),
  ('music', 'Music', '🎸', 15),
  ('singing', 'Singing', '🎤', 16),
  ('drawing', 'Drawing', '🎨', 17),
  ('photography', 'Photography', '📷', 18),
  ('dance', 'Dance', '💃', 19),
  ('gardening', 'Gardening', '🌱', 20),
  ('finance', 'Money & saving', '💰', 21),
  ('career', 'Career', '💼', 22),
  ('entrepreneurship', 'Side projects', '🚀', 23),
  ('studying', 'Studying', '🎓', 24),
  ('mindfulness', 'Mindfulness', '🌿', 25),
  ('journaling', 'Journaling', '📓', 26),
  ('sobriety', 'Sobriety', '🌅', 27),
  ('parenting', 'Parenting', '👨‍👩‍👧', 28),
  ('volunteering', 'Volunteering', '🤝', 29),
  ('gaming', 'Gaming', '🎮', 30),
  ('climbing', 'Climbing', '🧗', 31),
  ('chess', 'Chess', '♟️', 32);
