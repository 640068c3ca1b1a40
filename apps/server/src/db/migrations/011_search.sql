-- Search as one types (docs/product/explore.md): people by username and display name, quests by
-- title and description, interests by label. Trigram indexes (pg_trgm) answer "contains" and
-- "looks like" (a typo) as well as "starts with", so one index per table serves every match the
-- search makes.
--
-- pg_trgm ships with PostgreSQL's contrib and with PGlite (loaded in db/database.ts); it is a
-- trusted extension, so the database's owner may create it. It goes in `public` once per
-- database: every schema on the search path finds it there.
CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;

-- People: `lower(username) LIKE 'q%'`, `LIKE '%q%'` on either column and the word-similarity
-- operator (`<%`, a misspelt name) are all trigram matches on this one index. The pattern is a
-- parameter and PGlite plans statements once (force_generic_plan), which a btree
-- text_pattern_ops index cannot serve (its range comes from a constant pattern at planning time);
-- a GIN index takes the pattern at execution. Lower-cased like the unique username index.
CREATE INDEX users_search_idx ON users
  USING gin (lower(username) gin_trgm_ops, lower(display_name) gin_trgm_ops);

-- Quests: the same matches on title and description; who may see a quest is checked on the few
-- rows found (quests/quest-visibility.ts).
CREATE INDEX quests_search_idx ON quests
  USING gin (lower(title) gin_trgm_ops, lower(description) gin_trgm_ops);

-- Interests get no index: the seeded list has a few dozen rows, read whole faster than probed.
-- Explore's grid needs none either: it walks posts_public_idx (010) newest first and probes
-- user_interests' primary key (user_id, interest_id) for an interest's filter.
