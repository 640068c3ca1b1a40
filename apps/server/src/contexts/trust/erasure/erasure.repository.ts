import type { Queryable } from '../../../db/database.js';

/** What an erasure must tidy beyond the cascades of the users row. */
export type ErasureScope = {
  /**
   * Comments of others on the person's posts, messages of conversations with them, and reports
   * about them: others' rows that go with the person, whose files must go too.
   */
  commentIds: string[];
  messageIds: string[];
  reportIds: string[];
  conversationIds: string[];
  exportIds: string[];
  /** Others whose check-ins go with the person's quests (their streaks are recomputed). */
  checkedInOnDeletedQuests: string[];
};

/**
 * What an erasure must find before it starts (docs/product/your-data.md, "Deleting an account").
 * Most rows that name a person go with their users row (ON DELETE CASCADE); what a cascade
 * cannot do (take back what their rows added to others' counters, hand shared quests on, forget
 * them in the moderation log, refold others' notifications) is done by each table's own writer,
 * called in turn by erasure.service.ts inside the erasure's transaction.
 */
export class ErasureRepository {
  async scope(tx: Queryable, userId: string): Promise<ErasureScope> {
    const rows = await tx.query<ErasureScope>(
      `SELECT
         ARRAY(SELECT c.id::text FROM comments c JOIN posts p ON p.id = c.post_id
                WHERE p.author_id = $1 AND c.author_id <> $1) AS "commentIds",
         ARRAY(SELECT m.id::text FROM dm_members me JOIN dm_messages m
                  ON m.conversation_id = me.conversation_id
                WHERE me.user_id = $1 AND m.sender_id <> $1) AS "messageIds",
         ARRAY(SELECT id::text FROM reports WHERE target_user_id = $1 AND reporter_id <> $1)
           AS "reportIds",
         ARRAY(SELECT conversation_id::text FROM dm_members WHERE user_id = $1)
           AS "conversationIds",
         ARRAY(SELECT id::text FROM data_exports WHERE user_id = $1) AS "exportIds",
         ARRAY(SELECT DISTINCT c.user_id::text FROM quests q JOIN check_ins c ON c.quest_id = q.id
                WHERE q.owner_id = $1 AND c.user_id <> $1) AS "checkedInOnDeletedQuests"`,
      [userId],
    );
    return rows[0]!;
  }
}
