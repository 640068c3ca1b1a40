-- A report's voice note (docs/product/safety.md): an ordinary media row of the reporter's,
-- attached to the report ('report', its id), so it goes with the reporter's account like the rest
-- of their files. Only moderators hear it, through the signed URL the queue gives them.
ALTER TABLE reports ADD COLUMN voice_media_id uuid REFERENCES media(id) ON DELETE SET NULL;
