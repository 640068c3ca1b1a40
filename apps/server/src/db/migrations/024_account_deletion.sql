-- Deleting an account (docs/product/your-data.md): status 'Deleted' at once, erased by the job
-- `accounts.erase` once deletion_due_at has passed, unless the person signs back in before.
ALTER TABLE users ADD COLUMN deletion_due_at timestamptz;
-- The erasure job reads only the accounts waiting for it.
CREATE INDEX users_deletion_due_idx ON users (deletion_due_at) WHERE deletion_due_at IS NOT NULL;

-- Someone who joined with a person's code and whose account was erased since: kept with nothing
-- about them, so that the referrer's count and monthly quota stay what they were.
CREATE TABLE erased_referrals (
  referrer_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  joined_at timestamptz NOT NULL
);
CREATE INDEX erased_referrals_referrer_idx ON erased_referrals (referrer_id, joined_at);

-- Erasing a person deletes the rows that name them through these columns (the cascades of their
-- users row and the erasure's own statements); without an index each would read its whole table.
CREATE INDEX notifications_actor_idx ON notifications (actor_id) WHERE actor_id IS NOT NULL;
CREATE INDEX dm_members_other_idx ON dm_members (other_id);
CREATE INDEX quest_requests_user_idx ON quest_requests (user_id);
CREATE INDEX dm_conversations_high_idx ON dm_conversations (user_high);
