-- "Your data" exports (docs/product/your-data.md): each prepared by a job into a ZIP kept in the
-- object storage under `<id>.zip` until expires_at.
CREATE TABLE data_exports (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  status text NOT NULL CHECK (status IN ('preparing', 'ready', 'failed', 'expired')),
  size_bytes bigint,
  created_at timestamptz NOT NULL,
  ready_at timestamptz,
  expires_at timestamptz
);
CREATE INDEX data_exports_user_idx ON data_exports (user_id, created_at DESC);
-- The hourly job finds the files whose days are over.
CREATE INDEX data_exports_expiry_idx ON data_exports (expires_at) WHERE status = 'ready';
