-- Posts, the feed's timelines, smiles, hums, voice comments and blocks
-- (docs/decisions/0010-feed-timelines.md explains the feed; each index says what reads it).

CREATE TABLE posts (
  id uuid PRIMARY KEY,
  author_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  -- The quest it reports on; the post stays when the quest goes.
  quest_id uuid REFERENCES quests(id) ON DELETE SET NULL,
  -- The author's streak on that quest when they posted: the card shows the streak of that day.
  quest_streak integer NOT NULL DEFAULT 0,
  visibility text NOT NULL CHECK (visibility IN ('public', 'vibers')),
  voice_media_id uuid NOT NULL,
  attachment_media_id uuid,
  -- Counters kept in the reaction's transaction, so a card needs no COUNT(*).
  smile_count integer NOT NULL DEFAULT 0,
  hum_count integer NOT NULL DEFAULT 0,
  vibe_count integer NOT NULL DEFAULT 0,
  comment_count integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL
);
-- A person's posts, newest first: the profile's list, a new viber's backfill, the feed's
-- fallback past the timeline's depth.
CREATE INDEX posts_author_idx ON posts (author_id, created_at DESC, id DESC);
-- Explore's grid and swipe feed: recent public posts only.
CREATE INDEX posts_public_idx ON posts (created_at DESC, id DESC) WHERE visibility = 'public';

-- The feed as written at post time: one row per reader and post (decision 10). `at` is when the
-- post reached this reader (posted, or hummed by someone they vibe with); `hummed_by` says who
-- brought it. Trimmed to the newest entries per reader; older pages are read from posts.
CREATE TABLE timeline (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  post_id uuid NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
  author_id uuid NOT NULL,
  hummed_by uuid,
  at timestamptz NOT NULL,
  -- One entry per reader and post: a post that arrives twice (posted, then hummed) keeps the first.
  PRIMARY KEY (user_id, post_id)
);
-- The feed read: a reader's entries newest first, a page from the cursor on, index order only.
CREATE INDEX timeline_read_idx ON timeline (user_id, at DESC, post_id DESC);
-- Deleting a post (the cascade) and taking back a hum find its entries by post.
CREATE INDEX timeline_post_idx ON timeline (post_id);

-- Where a reader's trimmed timeline ends: entries older than `horizon` were dropped, so pages
-- past it are read from posts (the authors the reader vibes with) instead. No row: never trimmed.
CREATE TABLE timeline_horizon (
  user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  horizon timestamptz NOT NULL
);

CREATE TABLE smiles (
  post_id uuid NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  -- The toggle and "did I smile" of every card: one probe by post and person.
  PRIMARY KEY (post_id, user_id)
);
-- Who smiled at a post, newest first.
CREATE INDEX smiles_post_idx ON smiles (post_id, created_at DESC);
-- A person's smiles (their data, erasing an account).
CREATE INDEX smiles_user_idx ON smiles (user_id);

CREATE TABLE hums (
  post_id uuid NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (post_id, user_id)
);
CREATE INDEX hums_post_idx ON hums (post_id, created_at DESC);
CREATE INDEX hums_user_idx ON hums (user_id);

CREATE TABLE comments (
  id uuid PRIMARY KEY,
  post_id uuid NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
  author_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  voice_media_id uuid NOT NULL,
  created_at timestamptz NOT NULL
);
-- A post's comments, oldest first, a page at a time.
CREATE INDEX comments_post_idx ON comments (post_id, created_at, id);
CREATE INDEX comments_author_idx ON comments (author_id);

CREATE TABLE blocks (
  blocker_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  blocked_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  -- "Did I block them": the list in settings (with created_at) and every either-way check.
  PRIMARY KEY (blocker_id, blocked_id)
);
-- "Did they block me": the other half of the either-way check.
CREATE INDEX blocks_blocked_idx ON blocks (blocked_id, blocker_id);
