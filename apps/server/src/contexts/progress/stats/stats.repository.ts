import type { Queryable } from '../../../db/database.js';

export type StatsRow = {
  last_day: string | null;
  last_zone: string | null;
  last_day_start_hour: number | null;
  last_at: Date | null;
  streak_version: number;
  active_quests: number;
  completed_quests: number;
  current_streak: number;
  longest_streak: number;
  total_check_ins: number;
  total_posts: number;
  total_smiles: number;
  total_vibes: number;
  total_vibers: number;
  total_vibing_with: number;
  total_completed_quests: number;
  total_smiles_sent: number;
  total_hums: number;
  total_post_interactions: number;
};

/**
 * user_stats: a person's counters (posts, smiles, vibes, quests). Their streak figures are the
 * streaks module's to write (streaks/streak-figures.repository.ts).
 */
export class StatsRepository {
  constructor(private readonly db: Queryable) {}

  async create(tx: Queryable, userId: string): Promise<void> {
    await tx.query('INSERT INTO user_stats (user_id) VALUES ($1)', [userId]);
  }

  /**
   * Locks a person's stats row: what checks and uses their quest limit (creating, joining)
   * takes it first, so that two of those happen one at a time.
   */
  async lock(tx: Queryable, userId: string): Promise<void> {
    await tx.query('SELECT 1 FROM user_stats WHERE user_id = $1 FOR UPDATE', [userId]);
  }

  /** Keeps activeQuests, completedQuests and totalCompletedQuests true to the quests. */
  async refreshQuestCounts(tx: Queryable, userIds: string[]): Promise<void> {
    if (userIds.length === 0) return;
    await tx.query(
      `UPDATE user_stats s SET
         active_quests = (SELECT count(*) FROM quest_participants p
                            JOIN quests q ON q.id = p.quest_id
                           WHERE p.user_id = s.user_id AND p.status = 'active'
                             AND q.status = 'active'),
         completed_quests = (SELECT count(*) FROM quests q
                              WHERE q.owner_id = s.user_id AND q.status = 'completed'),
         total_completed_quests = (SELECT count(*) FROM quest_participants p
                                     JOIN quests q ON q.id = p.quest_id
                                    WHERE p.user_id = s.user_id AND p.status = 'active'
                                      AND q.status = 'completed')
       WHERE s.user_id = ANY($1::uuid[])`,
      [userIds],
    );
  }

  /** One vibe received; when it started the relation, one more viber and one more vibing-with. */
  async countVibe(
    tx: Queryable,
    senderId: string,
    targetId: string,
    startedVibingWith: boolean,
  ): Promise<void> {
    await tx.query(
      `UPDATE user_stats SET
         total_vibes = total_vibes + (user_id = $2)::int,
         total_vibers = total_vibers + (user_id = $2 AND $3)::int,
         total_vibing_with = total_vibing_with + (user_id = $1 AND $3)::int
       WHERE user_id IN ($1, $2)`,
      [senderId, targetId, startedVibingWith],
    );
  }

  /** `userId` no longer vibes with `targetId`: one viber and one vibing-with fewer. */
  async countVibingEnded(tx: Queryable, userId: string, targetId: string): Promise<void> {
    await tx.query(
      `UPDATE user_stats SET
         total_vibers = greatest(total_vibers - (user_id = $2)::int, 0),
         total_vibing_with = greatest(total_vibing_with - (user_id = $1)::int, 0)
       WHERE user_id IN ($1, $2)`,
      [userId, targetId],
    );
  }

  /** A post written (+1) or deleted (-1) by its author. */
  async countPost(tx: Queryable, authorId: string, delta: 1 | -1): Promise<void> {
    await tx.query(
      'UPDATE user_stats SET total_posts = greatest(total_posts + $2, 0) WHERE user_id = $1',
      [authorId, delta],
    );
  }

  /**
   * A smile, hum or comment given (+1) or taken back (-1) on `authorId`'s post by `userId`:
   * smiles and hums received, smiles sent, and interactions received from others.
   */
  async countReaction(
    tx: Queryable,
    r: { kind: 'smile' | 'hum' | 'comment'; authorId: string; userId: string; delta: 1 | -1 },
  ): Promise<void> {
    await tx.query(
      `UPDATE user_stats SET
         total_smiles = greatest(total_smiles + $4 * (user_id = $1 AND $3 = 'smile')::int, 0),
         total_hums = greatest(total_hums + $4 * (user_id = $1 AND $3 = 'hum')::int, 0),
         total_post_interactions = greatest(total_post_interactions
           + $4 * (user_id = $1 AND $1 <> $2)::int, 0),
         total_smiles_sent = greatest(total_smiles_sent
           + $4 * (user_id = $2 AND $3 = 'smile')::int, 0)
       WHERE user_id IN ($1, $2)`,
      [r.authorId, r.userId, r.kind, r.delta],
    );
  }

  /**
   * A deleted post takes back everything it brought: one post fewer, its smiles and hums, the
   * interactions others made on it, and one smile sent from each person who smiled at it.
   */
  async countPostRemoved(
    tx: Queryable,
    p: { authorId: string; smiles: number; hums: number; interactions: number; smilers: string[] },
  ): Promise<void> {
    await tx.query(
      `UPDATE user_stats SET
         total_posts = greatest(total_posts - (user_id = $1)::int, 0),
         total_smiles = greatest(total_smiles - $2 * (user_id = $1)::int, 0),
         total_hums = greatest(total_hums - $3 * (user_id = $1)::int, 0),
         total_post_interactions = greatest(total_post_interactions - $4 * (user_id = $1)::int, 0),
         total_smiles_sent = greatest(total_smiles_sent - (user_id = ANY($5::uuid[]))::int, 0)
       WHERE user_id = $1 OR user_id = ANY($5::uuid[])`,
      [p.authorId, p.smiles, p.hums, p.interactions, p.smilers],
    );
  }

  /**
   * The person is being erased: what they gave leaves the figures of the people it went to (their
   * smiles, hums and comments; their vibes), and the smiles others gave their posts leave those
   * people's "smiles sent". Counted from the rows, so hidden ones count as they were counted.
   */
  async takeBackGiven(tx: Queryable, userId: string): Promise<void> {
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
  async endVibingOf(tx: Queryable, userId: string): Promise<void> {
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
}
