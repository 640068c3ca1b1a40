-- Paid support tiers (docs/product/support-tiers.md): one provider subscription per person, and
-- every provider event id seen, so that a redelivered webhook changes nothing twice.
CREATE TABLE subscriptions (
  user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  provider text NOT NULL,
  customer_id text NOT NULL,
  subscription_id text NOT NULL UNIQUE,
  tier text NOT NULL CHECK (tier IN ('supporter', 'champion')),
  -- active: paid and renewing; cancelling: paid to period_end, then free; past_due: a payment
  -- failed, free at period_end unless it is paid; ended: back on free.
  status text NOT NULL CHECK (status IN ('active', 'cancelling', 'past_due', 'ended')),
  period_end timestamptz,
  updated_at timestamptz NOT NULL
);
-- The expiry job reads the subscriptions whose paid period is over.
CREATE INDEX subscriptions_ending_idx ON subscriptions (period_end)
  WHERE status IN ('cancelling', 'past_due');

CREATE TABLE payment_events (
  id text PRIMARY KEY,
  type text NOT NULL,
  received_at timestamptz NOT NULL
);
