-- The transactional outbox (docs/decisions/0018-transactional-outbox.md): a domain event is
-- written in the transaction of the change it describes and deleted once every handler of it
-- has run. `done`: the handlers that already ran, so a retry runs only the others. `due_at`: when
-- any instance's sweep may take it: 10 s ahead at first, the time the instance that committed it
-- has to deliver it itself (in milliseconds, as a rule) before it counts as left behind by a crash.
CREATE TABLE event_outbox (
  id bigserial PRIMARY KEY,
  name text NOT NULL,
  payload jsonb NOT NULL,
  done text[] NOT NULL DEFAULT '{}',
  attempts int NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  due_at timestamptz NOT NULL DEFAULT now() + interval '10 seconds'
);
CREATE INDEX event_outbox_due_idx ON event_outbox (due_at);

-- A notification written by an event's handler names it: a second delivery of the event finds
-- it instead of writing it again.
ALTER TABLE notifications ADD COLUMN source text;
CREATE UNIQUE INDEX notifications_source_idx ON notifications (source, user_id)
  WHERE source IS NOT NULL;

-- Each push sent, to each device: a second delivery of the same notification sends nothing.
CREATE TABLE push_sends (
  notification_id uuid NOT NULL REFERENCES notifications(id) ON DELETE CASCADE,
  subscription_id uuid NOT NULL REFERENCES push_subscriptions(id) ON DELETE CASCADE,
  sent_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (notification_id, subscription_id)
);
CREATE INDEX push_sends_subscription_idx ON push_sends (subscription_id);

-- A post's vibe counter is counted again from its vibes by the handler of `vibe.sent`, which may
-- run twice for one vibe.
CREATE INDEX vibes_post_idx ON vibes (post_id) WHERE post_id IS NOT NULL;
