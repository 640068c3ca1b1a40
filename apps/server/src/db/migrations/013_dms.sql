-- Voice direct messages (docs/product/messages.md): one conversation per pair of people, its
-- voice messages, and where each of the two has read up to.

-- Who may message this person: 'everyone', 'vibers' (people this person vibes with) or
-- 'nobody'. A column of users that only the dms module writes.
ALTER TABLE users ADD COLUMN dm_permission text NOT NULL DEFAULT 'everyone'
  CHECK (dm_permission IN ('everyone', 'vibers', 'nobody'));

-- The pair is stored in id order (user_low < user_high), so the unique key holds per unordered
-- pair: opening a conversation from either side finds the same one.
CREATE TABLE dm_conversations (
  id uuid PRIMARY KEY,
  user_low uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  user_high uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  CHECK (user_low < user_high),
  UNIQUE (user_low, user_high)
);

-- One row per person and conversation: what their list shows and how far they have read.
-- `last_message_at` is the newest message's time (null while the conversation holds none, so it
-- stays off the list); `read_seq` the seq of the newest message they had when they last opened it.
CREATE TABLE dm_members (
  conversation_id uuid NOT NULL REFERENCES dm_conversations(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  other_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  last_message_at timestamptz,
  read_seq bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (conversation_id, user_id)
);
-- A person's conversation list, newest activity first (GET /dms), and the unread-conversations
-- count of the header's badge: both walk only that person's rows holding a message.
CREATE INDEX dm_members_list_idx ON dm_members (user_id, last_message_at DESC, conversation_id DESC)
  WHERE last_message_at IS NOT NULL;

-- `seq` orders messages for read marks: unlike a time it never ties, so a message sent in the
-- same instant as an open is still unread.
CREATE TABLE dm_messages (
  id uuid PRIMARY KEY,
  seq bigint GENERATED ALWAYS AS IDENTITY,
  conversation_id uuid NOT NULL REFERENCES dm_conversations(id) ON DELETE CASCADE,
  sender_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  voice_media_id uuid NOT NULL,
  created_at timestamptz NOT NULL,
  -- When the recipient first played it through; null until then.
  listened_at timestamptz
);
-- A thread's pages, newest first (GET /dms/:id/messages), its last message for the list's
-- preview, and the unread checks (messages after read_seq) within one conversation.
CREATE INDEX dm_messages_thread_idx ON dm_messages (conversation_id, created_at DESC, id DESC);
CREATE INDEX dm_messages_seq_idx ON dm_messages (conversation_id, seq);
