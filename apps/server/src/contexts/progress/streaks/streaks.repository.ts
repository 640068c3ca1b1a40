import type { Queryable } from '../../../db/database.js';
import { Params } from '../../../db/params.js';
import { WriteBatcher } from '../../../platform/write-batcher.js';
import type { ParticipantStreak } from '../quests/quest-rows.js';
import type { StreakCheckpoint, StreakSummary } from './streak-calculator.js';
import { checkpointToJson } from './streak-checkpoint.js';

/*
 * Streak figures as saved: a person's across their quests (the streak columns of user_stats),
 * each participant's on a quest (those of quest_participants), and the GOAT (users.is_goat).
 * This module is the only one that writes them; the statements are also built here for the
 * check-in's one statement (check-ins.repository.ts).
 */

export type CheckInRow = {
  id: string;
  quest_id: string;
  day: string;
  zone: string;
  day_start_hour: number;
  anchor_at: Date;
  late: boolean;
  task_ids: string[];
  created_at: Date;
};

/** A check-in row read as json: its instants are text. */
export type JsonCheckIn = Omit<CheckInRow, 'anchor_at' | 'created_at'> & {
  anchor_at: string;
  created_at: string;
};

export function checkInFromJson(c: JsonCheckIn): CheckInRow {
  return { ...c, anchor_at: new Date(c.anchor_at), created_at: new Date(c.created_at) };
}

/**
 * The check-ins of the person `userExpr` (a column or a parameter), oldest first, as a json
 * array (read with checkInFromJson): what their streak figures are computed from. All of them,
 * or those that also meet `which` (the ones after the checkpoints: see
 * docs/decisions/0005-days-and-streaks.md). A statement that adds, removes or moves a check-in
 * older than a checkpoint, or changes the rest days under one, must recompute from all of them
 * (StreaksService.streakInputs), which keeps new checkpoints; setting streak_checkpoint to NULL
 * has the next change do the same.
 */
export function checkInsOfSql(userExpr: string, which?: string): string {
  const since = which ? ` AND ${which}` : '';
  return `COALESCE((SELECT json_agg(c ORDER BY c.anchor_at) FROM (
      SELECT id, quest_id, day, zone, day_start_hour, anchor_at, late, task_ids, created_at
        FROM check_ins WHERE user_id = ${userExpr}${since}) c), '[]')`;
}

/** What a streak save answers: enough to tell whether the GOAT may change (stats/goat.ts). */
export type SavedStreak = {
  user_id: string;
  previous_longest: number;
  is_goat: boolean;
  created_at: Date;
  off_board: boolean;
  goat: { id: string; longest: number; joinedAt: string } | null;
};

export type LastCheckIn = { day: string; zone: string; dayStartHour: number; at: Date };

/** A person's streak figures across their quests, as saved in user_stats. */
export type UserStreakFigures = StreakSummary & {
  totalCheckIns: number;
  weekStart: string;
  weekCheckIns: number;
  /** The mark that counted the last day (the first check-in of it). */
  last: LastCheckIn | null;
  checkpoint: StreakCheckpoint;
};

/** A person's figures to save if they are still at `version` (read with the inputs). */
export type StreakSave = { userId: string; figures: UserStreakFigures; version: number };

/**
 * The statement that saves people's streak figures, each only if still at its `version`,
 * answering a row for each one saved with what tells whether the GOAT may change. Rows are
 * given as json and found by key (`= ANY`): its text is the same for one person or fifty, so
 * one prepared plan serves every batch (check-ins.repository.ts puts many in one statement).
 */
export function saveUserStreaksSql(p: Params, saves: StreakSave[]): string {
  const rows = saves.map(({ userId, figures: s, version }) => ({
    user_id: userId,
    version,
    current_streak: s.runLength,
    longest_streak: s.longestStreak,
    total_check_ins: s.totalCheckIns,
    last_day: s.last?.day ?? null,
    last_zone: s.last?.zone ?? null,
    last_day_start_hour: s.last?.dayStartHour ?? null,
    last_at: s.last?.at ?? null,
    week_start: s.weekStart,
    week_check_ins: s.weekCheckIns,
    streak_checkpoint: checkpointToJson(s.checkpoint),
  }));
  const ids = p.add(rows.map((r) => r.user_id));
  return `UPDATE user_stats s SET current_streak = v.current_streak,
      longest_streak = v.longest_streak, total_check_ins = v.total_check_ins,
      last_day = v.last_day, last_zone = v.last_zone, last_day_start_hour = v.last_day_start_hour,
      last_at = v.last_at, week_start = v.week_start, week_check_ins = v.week_check_ins,
      streak_checkpoint = v.streak_checkpoint, streak_version = s.streak_version + 1
    FROM json_to_recordset(${p.add(JSON.stringify(rows))}::json) AS v(user_id uuid, version int,
           current_streak int, longest_streak int, total_check_ins int, last_day text,
           last_zone text, last_day_start_hour int, last_at timestamptz, week_start text,
           week_check_ins int, streak_checkpoint jsonb),
         user_stats before, users me
    WHERE s.user_id = v.user_id AND s.streak_version = v.version
      AND before.user_id = v.user_id AND me.id = v.user_id
      AND s.user_id = ANY(${ids}::uuid[]) AND before.user_id = ANY(${ids}::uuid[])
      AND me.id = ANY(${ids}::uuid[])
    RETURNING s.user_id, before.longest_streak AS previous_longest, me.is_goat, me.created_at,
              me.hide_from_leaderboard OR me.status <> 'Active' AS off_board,
              (SELECT json_build_object('id', g.id, 'longest', gs.longest_streak,
                        'joinedAt', g.created_at)
                 FROM users g JOIN user_stats gs ON gs.user_id = g.id
                WHERE g.is_goat AND g.id <> s.user_id LIMIT 1) AS goat`;
}

/**
 * The statement that saves participants' streak figures, `rows` given by key (the generic plan
 * of a join on the json alone hashed every participant). `guard` is added to its WHERE: the
 * check-in's one statement saves them only with the person's figures (check-ins.repository.ts).
 */
export function saveParticipantStreaksSql(
  p: Params,
  rows: ParticipantStreak[],
  guard = '',
): string {
  return `UPDATE quest_participants p SET run_length = v.run_length,
      longest_streak = v.longest_streak, total_check_ins = v.total_check_ins,
      last_day = v.last_day, last_zone = v.last_zone,
      last_day_start_hour = v.last_day_start_hour, last_at = v.last_at,
      streak_checkpoint = v.streak_checkpoint
    FROM json_to_recordset(${p.add(JSON.stringify(rows))}::json) AS v(quest_id uuid,
      user_id uuid, run_length int, longest_streak int, total_check_ins int, last_day text,
      last_zone text, last_day_start_hour int, last_at timestamptz, streak_checkpoint jsonb)
    WHERE p.quest_id = v.quest_id AND p.user_id = v.user_id
      AND p.quest_id = ANY(${p.add(rows.map((r) => r.quest_id))}::uuid[])
      AND p.user_id = ANY(${p.add(rows.map((r) => r.user_id))}::uuid[]) ${guard}`;
}

/** Reads and saves streak figures; the statements above, one at a time. */
export class StreaksRepository {
  readonly #crowns = new WriteBatcher<null, true>(
    async (asks) => {
      await this.refreshGoat(this.db);
      return asks.map(() => true as const);
    },
    { max: 100 },
  );

  constructor(private readonly db: Queryable) {}

  /** Everything a person's streak figures are computed from, and the version they were read at. */
  async streakInputs(
    userId: string,
    tx: Queryable = this.db,
  ): Promise<{ version: number; rest_days: string[]; check_ins: CheckInRow[] }> {
    const rows = await tx.query<{
      version: number;
      rest_days: string[];
      check_ins: JsonCheckIn[];
    }>(
      `SELECT s.streak_version AS version,
              ARRAY(SELECT r.day FROM rest_days r WHERE r.user_id = s.user_id) AS rest_days,
              ${checkInsOfSql('s.user_id')} AS check_ins
         FROM user_stats s WHERE s.user_id = $1`,
      [userId],
    );
    const row = rows[0];
    if (!row) return { version: 0, rest_days: [], check_ins: [] };
    return { ...row, check_ins: row.check_ins.map(checkInFromJson) };
  }

  /**
   * Saves the person's streak and week figures if nothing else changed them since they were read
   * at `version`. Answers the longest streak it replaced and who the GOAT is, or null when the
   * version moved on (the caller reads again and retries).
   */
  async saveStreak(
    tx: Queryable,
    userId: string,
    figures: UserStreakFigures,
    version: number,
  ): Promise<SavedStreak | null> {
    const p = new Params();
    const sql = saveUserStreaksSql(p, [{ userId, figures, version }]);
    const rows = await tx.query<SavedStreak>(sql, p.values);
    return rows[0] ?? null;
  }

  /**
   * Crowns the GOAT: the top of the all-time board (longest streak, then who joined first),
   * leaving out people who hide from the board. Touches at most the old and the new GOAT, found
   * by key (users_goat_idx and the top row): an OR of the two scanned every user each time.
   */
  /**
   * refreshGoat outside a transaction, for saves that may have moved the crown: those asking at
   * the same moment share one look (platform/write-batcher.ts).
   */
  lookForGoat(): Promise<true> {
    return this.#crowns.submit(null);
  }

  async refreshGoat(tx: Queryable): Promise<void> {
    await tx.query(
      `WITH top AS (
         SELECT s.user_id FROM user_stats s JOIN users u ON u.id = s.user_id
          WHERE s.longest_streak > 0 AND u.status = 'Active' AND NOT u.hide_from_leaderboard
          ORDER BY s.longest_streak DESC, u.created_at, u.id LIMIT 1)
       UPDATE users u SET is_goat = u.id IN (SELECT user_id FROM top)
        WHERE u.id IN (SELECT id FROM users WHERE is_goat UNION SELECT user_id FROM top)
          AND u.is_goat <> (u.id IN (SELECT user_id FROM top))`,
    );
  }

  async saveParticipantStreaks(tx: Queryable, rows: ParticipantStreak[]): Promise<void> {
    if (rows.length === 0) return;
    const p = new Params();
    await tx.query(saveParticipantStreaksSql(p, rows), p.values);
  }
}
