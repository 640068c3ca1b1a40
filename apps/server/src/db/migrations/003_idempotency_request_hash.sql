-- A key replays only the same request: same method, same URL, same body.
ALTER TABLE idempotency_keys ADD COLUMN request_hash text NOT NULL DEFAULT '';
