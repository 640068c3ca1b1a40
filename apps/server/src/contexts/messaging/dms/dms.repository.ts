import type { DmPermission } from '@doers/contract';
import type { Queryable } from '../../../db/database.js';
import type { Cursor } from '../../../platform/pagination.js';
import type { SendFacts } from './dm-rules.js';
import {
  CONVERSATION_COLUMNS,
  CONVERSATION_JOINS,
  MESSAGE_COLUMNS,
  SEND_FACTS,
  type ConversationRow,
  type MessageRow,
} from './dm-sql.js';
import { unreadConversationsFor } from './unread-conversations.js';

/** What sending, deleting or marking a message needs to know about it. */
export type MessageFacts = { sender_id: string; listened_at: Date | null; other_id: string };

/**
 * dm_conversations, dm_members, dm_messages, and the dm_permission column of users (the one
 * column of users this module writes). Every read that answers a request is one statement.
 */
export class DmsRepository {
  constructor(private readonly db: Queryable) {}

  /** The viewer's conversations holding a message, newest activity first, after the cursor. */
  async list(userId: string, cursor: Cursor | null, limit: number): Promise<ConversationRow[]> {
    return this.db.query<ConversationRow>(
      `SELECT ${CONVERSATION_COLUMNS} FROM dm_members m ${CONVERSATION_JOINS}
        WHERE m.user_id = $1 AND m.last_message_at IS NOT NULL AND o.status <> 'Deleted'
          AND ($2::timestamptz IS NULL
               OR (m.last_message_at, m.conversation_id) < ($2::timestamptz, $3::uuid))
        ORDER BY m.last_message_at DESC, m.conversation_id DESC LIMIT $4`,
      [userId, cursor?.at ?? null, cursor?.id ?? null, limit + 1],
    );
  }

  /** One conversation as the viewer sees it; undefined when they are not in it. */
  async one(
    conversationId: string,
    userId: string,
    db: Queryable = this.db,
  ): Promise<ConversationRow | undefined> {
    const rows = await db.query<ConversationRow>(
      `SELECT ${CONVERSATION_COLUMNS} FROM dm_members m ${CONVERSATION_JOINS}
        WHERE m.conversation_id = $1 AND m.user_id = $2 AND o.status <> 'Deleted'`,
      [conversationId, userId],
    );
    return rows[0];
  }

  /** The pair's conversation id, if there is one. */
  async between(a: string, b: string, db: Queryable = this.db): Promise<string | undefined> {
    const [low, high] = a < b ? [a, b] : [b, a];
    const rows = await db.query<{ id: string }>(
      'SELECT id FROM dm_conversations WHERE user_low = $1 AND user_high = $2',
      [low, high],
    );
    return rows[0]?.id;
  }

  /** The send facts between the viewer and another person; undefined when there is no such one. */
  async facts(viewerId: string, otherId: string, db: Queryable = this.db) {
    const rows = await db.query<SendFacts>(
      `SELECT ${SEND_FACTS} FROM users v, users o WHERE v.id = $1 AND o.id = $2`,
      [viewerId, otherId],
    );
    return rows[0];
  }

  /** Creates the pair's conversation, or finds the one a racing request just created. */
  async create(tx: Queryable, c: { id: string; a: string; b: string; at: Date }): Promise<string> {
    const [low, high] = c.a < c.b ? [c.a, c.b] : [c.b, c.a];
    const rows = await tx.query<{ id: string }>(
      `WITH c AS (INSERT INTO dm_conversations (id, user_low, user_high, created_at)
                  VALUES ($1, $2, $3, $4) ON CONFLICT (user_low, user_high) DO NOTHING
                  RETURNING id),
            m AS (INSERT INTO dm_members (conversation_id, user_id, other_id)
                  SELECT id, $2, $3 FROM c UNION ALL SELECT id, $3, $2 FROM c)
       SELECT id FROM c`,
      [c.id, low, high, c.at],
    );
    return rows[0]?.id ?? (await this.between(low, high, tx))!;
  }

  /** The other person of a conversation the viewer is in; undefined when they are not in it. */
  async otherOf(tx: Queryable, conversationId: string, userId: string) {
    const rows = await tx.query<{ other_id: string }>(
      'SELECT other_id FROM dm_members WHERE conversation_id = $1 AND user_id = $2',
      [conversationId, userId],
    );
    return rows[0]?.other_id;
  }

  /** Adds a message; both people's lists move it up; the sender has read up to it. */
  async insertMessage(
    tx: Queryable,
    x: { id: string; conversationId: string; senderId: string; voiceMediaId: string; at: Date },
  ): Promise<void> {
    await tx.query(
      `WITH x AS (INSERT INTO dm_messages (id, conversation_id, sender_id, voice_media_id, created_at)
                  VALUES ($1, $2, $3, $4, $5) RETURNING seq)
       UPDATE dm_members SET last_message_at = $5,
              read_seq = CASE WHEN user_id = $3 THEN (SELECT seq FROM x) ELSE read_seq END
        WHERE conversation_id = $2`,
      [x.id, x.conversationId, x.senderId, x.voiceMediaId, x.at],
    );
  }

  /** One message as `viewerId` may see it (they are in its conversation); else undefined. */
  async message(
    messageId: string,
    viewerId: string,
    db: Queryable = this.db,
  ): Promise<MessageRow | undefined> {
    const rows = await db.query<MessageRow>(
      `SELECT ${MESSAGE_COLUMNS} FROM dm_messages x JOIN media md ON md.id = x.voice_media_id
        WHERE x.id = $1 AND x.hidden_at IS NULL AND EXISTS (SELECT 1 FROM dm_members m
                                     WHERE m.conversation_id = x.conversation_id AND m.user_id = $2)`,
      [messageId, viewerId],
    );
    return rows[0];
  }

  /**
   * A conversation's messages, newest first, after the cursor; undefined when the viewer is not
   * in it (one statement: membership and page together).
   */
  async messages(
    conversationId: string,
    viewerId: string,
    cursor: Cursor | null,
    limit: number,
  ): Promise<MessageRow[] | undefined> {
    const rows = await this.db.query<Partial<MessageRow> & { member: string }>(
      `SELECT m.user_id AS member, x.* FROM dm_members m
         LEFT JOIN LATERAL (
           SELECT ${MESSAGE_COLUMNS} FROM dm_messages x JOIN media md ON md.id = x.voice_media_id
            WHERE x.conversation_id = m.conversation_id AND x.hidden_at IS NULL
              AND ($3::timestamptz IS NULL OR (x.created_at, x.id) < ($3::timestamptz, $4::uuid))
            ORDER BY x.created_at DESC, x.id DESC LIMIT $5) x ON true
        WHERE m.conversation_id = $1 AND m.user_id = $2
        ORDER BY x.created_at DESC, x.id DESC`,
      [conversationId, viewerId, cursor?.at ?? null, cursor?.id ?? null, limit + 1],
    );
    if (rows.length === 0) return undefined;
    return rows.filter((r): r is MessageRow & { member: string } => r.id != null);
  }

  /** Locks a message of a conversation the viewer is in; undefined when there is none. */
  async lockMessage(
    tx: Queryable,
    conversationId: string,
    messageId: string,
    viewerId: string,
  ): Promise<MessageFacts | undefined> {
    const rows = await tx.query<MessageFacts>(
      `SELECT x.sender_id, x.listened_at, m.other_id FROM dm_messages x
         JOIN dm_members m ON m.conversation_id = x.conversation_id AND m.user_id = $3
        WHERE x.id = $2 AND x.conversation_id = $1 FOR UPDATE OF x`,
      [conversationId, messageId, viewerId],
    );
    return rows[0];
  }

  async markListened(tx: Queryable, messageId: string, at: Date): Promise<void> {
    await tx.query('UPDATE dm_messages SET listened_at = coalesce(listened_at, $2) WHERE id = $1', [
      messageId,
      at,
    ]);
  }

  /** Deletes a message; both lists show the conversation's newest remaining message's time. */
  async deleteMessage(tx: Queryable, conversationId: string, messageId: string): Promise<void> {
    await tx.query('DELETE FROM dm_messages WHERE id = $1', [messageId]);
    await tx.query(
      `UPDATE dm_members SET last_message_at =
              (SELECT max(created_at) FROM dm_messages WHERE conversation_id = $1)
        WHERE conversation_id = $1`,
      [conversationId],
    );
  }

  /**
   * The viewer has read every message so far. Whether that changed anything; undefined when
   * they are not in the conversation.
   */
  async markRead(conversationId: string, userId: string): Promise<boolean | undefined> {
    const rows = await this.db.query<{ before: string; after: string }>(
      `WITH cur AS (SELECT read_seq FROM dm_members WHERE conversation_id = $1 AND user_id = $2),
            upd AS (UPDATE dm_members SET read_seq = greatest(read_seq, coalesce(
                      (SELECT max(seq) FROM dm_messages WHERE conversation_id = $1), 0))
                     WHERE conversation_id = $1 AND user_id = $2 RETURNING read_seq)
       SELECT cur.read_seq AS before, upd.read_seq AS after FROM cur, upd`,
      [conversationId, userId],
    );
    const row = rows[0];
    return row ? String(row.before) !== String(row.after) : undefined;
  }

  /** Whether the viewer is in the conversation of a message not hidden (its voice file's rule). */
  async mayHear(messageId: string, viewerId: string): Promise<boolean> {
    const rows = await this.db.query<{ id: string }>(
      `SELECT x.id FROM dm_messages x
         JOIN dm_members m ON m.conversation_id = x.conversation_id AND m.user_id = $2
        WHERE x.id = $1::uuid AND x.hidden_at IS NULL`,
      [messageId, viewerId],
    );
    return rows.length > 0;
  }

  /** Whether the message is there and not hidden by a moderator. */
  async shown(messageId: string): Promise<boolean> {
    const rows = await this.db.query(
      'SELECT 1 FROM dm_messages WHERE id = $1::uuid AND hidden_at IS NULL',
      [messageId],
    );
    return rows.length > 0;
  }

  /** How many of the person's conversations hold an unread message (the header's badge). */
  async unreadConversations(userId: string): Promise<number> {
    const rows = await this.db.query<{ n: number }>(
      `SELECT ${unreadConversationsFor('$1::uuid')} AS n`,
      [userId],
    );
    return rows[0]?.n ?? 0;
  }

  async permissionOf(userId: string): Promise<DmPermission | undefined> {
    const rows = await this.db.query<{ dm_permission: DmPermission }>(
      'SELECT dm_permission FROM users WHERE id = $1',
      [userId],
    );
    return rows[0]?.dm_permission;
  }

  async setPermission(userId: string, permission: DmPermission): Promise<void> {
    await this.db.query('UPDATE users SET dm_permission = $2, updated_at = now() WHERE id = $1', [
      userId,
      permission,
    ]);
  }

  /** Conversations with a person being erased, with their messages. */
  async deleteConversations(tx: Queryable, ids: string[]): Promise<void> {
    await tx.query('DELETE FROM dm_conversations WHERE id = ANY($1::uuid[])', [ids]);
  }
}
