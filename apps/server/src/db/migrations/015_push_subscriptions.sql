-- Web Push (docs/product/push.md): one row per browser that said yes. The endpoint is the
-- browser's address at its push service, unique across everyone: a browser that another person
-- signs in on moves to them. The keys encrypt what is sent (RFC 8291); they are secrets of that
-- browser and never leave this table except into the encryption.
CREATE TABLE push_subscriptions (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  -- The sign-in that subscribed: when it ends (sign-out, revoked), the device stops receiving.
  session_id uuid REFERENCES sessions(id) ON DELETE SET NULL,
  endpoint text NOT NULL UNIQUE,
  p256dh text NOT NULL,
  auth text NOT NULL,
  created_at timestamptz NOT NULL,
  last_success_at timestamptz,
  -- Failed sends in a row (timeouts, 5xx); a success sets it back to 0.
  failures int NOT NULL DEFAULT 0
);
-- Delivery reads every subscription of one person: without it each push scans the table.
CREATE INDEX push_subscriptions_user_idx ON push_subscriptions (user_id);
-- A session's end removes its subscriptions (and ON DELETE SET NULL finds them): without it that
-- scans the table.
CREATE INDEX push_subscriptions_session_idx ON push_subscriptions (session_id);
