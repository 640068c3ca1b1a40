-- Where each person has signed in from before: (address group, device). Attempts from a known
-- source skip the per-account delay, so guessing from elsewhere cannot lock the owner out
-- (docs/product/accounts-and-sessions.md).
CREATE TABLE sign_in_sources (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  address_group text NOT NULL,
  device_id text NOT NULL,
  last_success_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, address_group, device_id)
);
CREATE INDEX sign_in_sources_last_success_idx ON sign_in_sources (last_success_at);

-- An Idempotency-Key is claimed by a pending row (no answer yet) before the request runs, so
-- a concurrent request with the same key waits for that answer instead of running again.
-- Keys expire after 24 hours, counted by the server's clock.
ALTER TABLE idempotency_keys ALTER COLUMN status_code DROP NOT NULL;
ALTER TABLE idempotency_keys ALTER COLUMN body DROP NOT NULL;
CREATE INDEX idempotency_keys_created_at_idx ON idempotency_keys (created_at);
