-- Uploaded voice notes, photos and videos (docs/product/media.md). The bytes live in the media
-- storage (DATA_DIR/media or S3) under the row's id; a row exists only once every stored object
-- of the upload is written.
CREATE TABLE media (
  id uuid PRIMARY KEY,
  owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('voice', 'photo', 'video')),
  purpose text NOT NULL,
  content_type text NOT NULL,
  size_bytes bigint NOT NULL,
  duration_ms integer,
  waveform real[],
  width integer,
  height integer,
  -- A photo's thumbnail or a video's poster (image/jpeg or image/webp); null without one.
  variant_type text,
  variant_size bigint,
  -- What uses the file ('post', 'comment', 'dm', 'profile', …) and its id; null while unused:
  -- only the owner sees it then, and the cleanup job removes it after a day.
  attached_type text,
  attached_id text,
  -- Attached to something everyone may see: served to anyone, cached publicly.
  is_public boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL,
  attached_at timestamptz
);
CREATE INDEX media_owner_idx ON media (owner_id, created_at);
CREATE INDEX media_unattached_idx ON media (created_at) WHERE attached_type IS NULL;
CREATE INDEX media_attached_idx ON media (attached_type, attached_id) WHERE attached_type IS NOT NULL;

-- Resumable (tus) uploads in progress: who started each, so only they may resume or finish it,
-- and when, so the cleanup job can drop abandoned ones.
CREATE TABLE media_uploads (
  id text PRIMARY KEY,
  owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL
);
CREATE INDEX media_uploads_created_idx ON media_uploads (created_at);
