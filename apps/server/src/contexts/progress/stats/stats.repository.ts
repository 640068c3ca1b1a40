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
}
