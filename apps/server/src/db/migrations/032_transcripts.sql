-- Transcripts of voice notes (docs/product/transcripts.md): at most one per voice note, written
-- by the speaker's device with the note or by the server's transcription port (TRANSCRIBE_URL),
-- and corrected by the speaker. It goes with its media row: a deleted post, an erased account.
CREATE TABLE transcripts (
  media_id uuid PRIMARY KEY REFERENCES media(id) ON DELETE CASCADE,
  text text NOT NULL,
  source text NOT NULL CHECK (source IN ('device', 'server')),
  -- The speaker's correction: who made the last one and when; null while it is as made.
  edited_by uuid REFERENCES users(id) ON DELETE SET NULL,
  edited_at timestamptz,
  created_at timestamptz NOT NULL
);

-- Explore's search matches words of public posts' transcripts (full-text, on PGlite and
-- PostgreSQL alike). 'simple': lower-cased words without a language's stemming, since voice notes
-- come in every language.
CREATE INDEX transcripts_search_idx ON transcripts USING gin (to_tsvector('simple', text));
-- The search goes from a matching transcript to its post.
CREATE INDEX posts_voice_media_idx ON posts (voice_media_id);

-- Settings → Accessibility: every transcript shown open under its player, not behind a tap.
ALTER TABLE users ADD COLUMN always_show_transcripts boolean NOT NULL DEFAULT false;
