import { randomUUID } from 'node:crypto';
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
 * The erasure's statements (docs/product/your-data.md, "Deleting an account"). Most rows that
 * name a person go with their users row (ON DELETE CASCADE); these statements do what a cascade
 * cannot: take back what their rows added to other people's counters, hand shared quests on,
 * and remove what names them without a foreign key. All run inside the erasure's transaction,
 * before the users row is deleted, except `refoldNotifications`, which runs after.
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

  /**
   * Takes back the vibes the person sent from posts, their smiles, hums and comments from the
   * figures of the people they went to, and the smiles others gave the person's posts from those
   * people's "smiles sent". Counted from the rows, so hidden ones count as they were counted.
   */
  async takeBackReactions(tx: Queryable, userId: string): Promise<void> {
    await tx.query(
      // Their smiles, hums and comments left the posts' counters when the account was
      // deactivated (PostCountersRepository.personLeft); the vibes they sent from posts go now.
      `WITH per_post AS (
         SELECT post_id, count(*)::int AS vibes FROM vibes
          WHERE sender_id = $1 AND post_id IS NOT NULL GROUP BY post_id
       )
       UPDATE posts p SET vibe_count = greatest(p.vibe_count - d.vibes, 0)
         FROM per_post d WHERE p.id = d.post_id AND p.author_id <> $1`,
      [userId],
    );
    // What the posts' authors received: smiles, hums, and interactions (smiles, hums, comments).
    await tx.query(
      `WITH given AS (
         SELECT p.author_id, 1 AS smiles, 0 AS hums FROM smiles s JOIN posts p ON p.id = s.post_id
          WHERE s.user_id = $1 AND p.author_id <> $1
         UNION ALL SELECT p.author_id, 0, 1 FROM hums h JOIN posts p ON p.id = h.post_id
          WHERE h.user_id = $1 AND p.author_id <> $1
         UNION ALL SELECT p.author_id, 0, 0 FROM comments c JOIN posts p ON p.id = c.post_id
          WHERE c.author_id = $1 AND p.author_id <> $1
       ), per_author AS (
         SELECT author_id, sum(smiles)::int AS smiles, sum(hums)::int AS hums,
                count(*)::int AS interactions
           FROM given GROUP BY author_id
       )
       UPDATE user_stats s SET total_smiles = greatest(s.total_smiles - d.smiles, 0),
              total_hums = greatest(s.total_hums - d.hums, 0),
              total_post_interactions = greatest(s.total_post_interactions - d.interactions, 0)
         FROM per_author d WHERE s.user_id = d.author_id`,
      [userId],
    );
    await tx.query(
      `UPDATE user_stats s SET total_smiles_sent = greatest(s.total_smiles_sent - d.n, 0)
         FROM (SELECT sm.user_id, count(*)::int AS n FROM smiles sm JOIN posts p ON p.id = sm.post_id
                WHERE p.author_id = $1 AND sm.user_id <> $1 GROUP BY sm.user_id) d
        WHERE s.user_id = d.user_id`,
      [userId],
    );
    await tx.query(
      `UPDATE user_stats s SET total_vibes = greatest(s.total_vibes - d.n, 0)
         FROM (SELECT target_user_id, count(*)::int AS n FROM vibes
                WHERE sender_id = $1 AND target_user_id <> $1 GROUP BY target_user_id) d
        WHERE s.user_id = d.target_user_id`,
      [userId],
    );
  }

  /** Whom the person vibed with loses a viber; who vibed with them, one vibing-with. */
  async endVibing(tx: Queryable, userId: string): Promise<void> {
    await tx.query(
      `UPDATE user_stats s SET
         total_vibers = greatest(s.total_vibers
           - (EXISTS (SELECT 1 FROM vibing_with v WHERE v.user_id = $1 AND v.target_id = s.user_id))::int, 0),
         total_vibing_with = greatest(s.total_vibing_with
           - (EXISTS (SELECT 1 FROM vibing_with v WHERE v.target_id = $1 AND v.user_id = s.user_id))::int, 0)
       WHERE s.user_id IN (SELECT target_id FROM vibing_with WHERE user_id = $1
                           UNION SELECT user_id FROM vibing_with WHERE target_id = $1)
         AND s.user_id <> $1`,
      [userId],
    );
  }

  /**
   * Feed entries that came through the person's hums (`hummed_by` has no foreign key: the entry
   * belongs to the reader and the post).
   */
  async removeHummedEntries(tx: Queryable, userId: string): Promise<void> {
    await tx.query(
      `DELETE FROM timeline t USING hums h
        WHERE h.user_id = $1 AND t.post_id = h.post_id AND t.hummed_by = $1`,
      [userId],
    );
  }

  /**
   * A quest the person made that others are still on goes to the one who joined it first, so
   * their check-ins and streaks stay; the rest go with the person. Answers the new owners.
   */
  async handQuestsOn(tx: Queryable, userId: string): Promise<string[]> {
    const rows = await tx.query<{ owner_id: string }>(
      `WITH heirs AS (
         SELECT DISTINCT ON (p.quest_id) p.quest_id, p.user_id
           FROM quests q JOIN quest_participants p ON p.quest_id = q.id
          WHERE q.owner_id = $1 AND p.user_id <> $1 AND p.status = 'active'
          ORDER BY p.quest_id, p.joined_at, p.user_id
       ), moved AS (
         UPDATE quests q SET owner_id = h.user_id FROM heirs h WHERE q.id = h.quest_id
         RETURNING q.id, q.owner_id
       )
       UPDATE quest_participants p SET role = 'owner'
         FROM moved m WHERE p.quest_id = m.id AND p.user_id = m.owner_id
       RETURNING p.user_id AS owner_id`,
      [userId],
    );
    return [...new Set(rows.map((r) => r.owner_id))];
  }

  /**
   * The audit log keeps what was done but not to whom: entries about the person go. What they
   * did as a moderator stays under a pseudonym, a new random id that belongs to nobody: their
   * entries still read as one person's, and no longer lead to them. The log's trigger allows
   * this one change.
   */
  async forgetInModerationLog(tx: Queryable, userId: string): Promise<void> {
    await tx.query(`SELECT set_config('doers.erasing', 'on', true)`);
    await tx.query('DELETE FROM moderation_log WHERE target_user_id = $1', [userId]);
    await tx.query('UPDATE moderation_log SET moderator_id = $2 WHERE moderator_id = $1', [
      userId,
      randomUUID(),
    ]);
    await tx.query(`SELECT set_config('doers.erasing', 'off', true)`);
  }

  async deleteConversations(tx: Queryable, ids: string[]): Promise<void> {
    await tx.query('DELETE FROM dm_conversations WHERE id = ANY($1::uuid[])', [ids]);
  }

  /**
   * After the users row went (and with it every notification the person caused): the lines of
   * others' lists that named them are rebuilt from what is left, or removed when nothing is.
   */
  async refoldNotifications(tx: Queryable, userId: string): Promise<void> {
    const left = `FROM notifications n
                  WHERE n.user_id = f.user_id AND n.fold_key = f.fold_key AND n.in_app`;
    await tx.query(
      `DELETE FROM notification_folds f
        WHERE $1::uuid = ANY(f.actor_ids) AND NOT EXISTS (SELECT 1 ${left})`,
      [userId],
    );
    await tx.query(
      `UPDATE notification_folds f SET
         head_id = (SELECT n.id ${left} ORDER BY n.created_at DESC, n.id DESC LIMIT 1),
         at = (SELECT max(n.created_at) ${left}),
         count = (SELECT count(*) ${left}),
         actor_count = (SELECT count(DISTINCT n.actor_id) ${left}),
         actor_ids = ARRAY(SELECT a.actor_id FROM (
           SELECT n.actor_id, max(n.created_at) AS last ${left} AND n.actor_id IS NOT NULL
            GROUP BY n.actor_id ORDER BY last DESC LIMIT 3) a ORDER BY a.last DESC)
       WHERE $1::uuid = ANY(f.actor_ids)`,
      [userId],
    );
  }
}
