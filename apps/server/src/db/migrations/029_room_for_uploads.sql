-- A resumable upload's declared size counts against its person's room for uploads waiting to be
-- used (docs/product/media.md) from the moment it starts, before its bytes arrive.
ALTER TABLE media_uploads ADD COLUMN declared_bytes bigint NOT NULL DEFAULT 0;
