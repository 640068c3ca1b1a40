-- The vibes a person sent, newest first (GET /vibes/sent): without it that list scans every vibe.
CREATE INDEX vibes_sender_idx ON vibes (sender_id, created_at DESC);
