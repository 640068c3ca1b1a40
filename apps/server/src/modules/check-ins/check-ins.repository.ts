import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database.js';
import { Params } from '../../db/params.js';
import { saveStreaksSql } from '../quests/quests.repository.js';
import { storedOf, type FiguresToSave } from '../quests/streak-recorder.js';
import { saveStreakSql, type CheckInRow, type SavedStreak } from '../stats/stats.repository.js';
import type { DayMark } from '../streaks/streak-calculator.js';

const COLUMNS = 'id, quest_id, day, zone, day_start_hour, anchor_at, late, task_ids, created_at';

/** Check-ins: one per quest per lived day of a person. */
export class CheckInsRepository {
  constructor(private readonly db: Queryable) {}

  async insert(
    tx: Queryable,
    c: { questId: string; userId: string; mark: DayMark; late: boolean; taskIds: string[] },
  ): Promise<CheckInRow> {
    const rows = await tx.query<CheckInRow>(
      `INSERT INTO check_ins
         (id, quest_id, user_id, day, zone, day_start_hour, anchor_at, late, task_ids)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::uuid[]) RETURNING ${COLUMNS}`,
      [
        randomUUID(),
        c.questId,
        c.userId,
        c.mark.day,
        c.mark.zone,
        c.mark.dayStartHour,
        c.mark.at,
        c.late,
        c.taskIds,
      ],
    );
    return rows[0]!;
  }

  /**
   * A check-in written or taken back together with the streak figures it makes, in one
   * statement, so no transaction is opened (BEGIN and COMMIT were two of a check-in's eight
   * round trips): the person's figures are saved only if still at `version`, and the change and
   * the quest's figures only with them. Null when the figures changed meanwhile: nothing was
   * written.
   */
  async record(
    change: { insert: CheckInRow } | { remove: string },
    userId: string,
    figures: FiguresToSave,
    version: number,
  ): Promise<SavedStreak | null> {
    const p = new Params();
    const saved = saveStreakSql(p, userId, figures.user, version);
    const quests = saveStreaksSql(p, storedOf(figures), 'AND EXISTS (SELECT 1 FROM saved)');
    const user = p.add(userId);
    let write: string;
    if ('insert' in change) {
      const c = change.insert;
      write = `INSERT INTO check_ins (${COLUMNS}, user_id)
        SELECT ${p.add(c.id)}::uuid, ${p.add(c.quest_id)}::uuid, ${p.add(c.day)}::text,
               ${p.add(c.zone)}::text, ${p.add(c.day_start_hour)}::int,
               ${p.add(c.anchor_at)}::timestamptz, ${p.add(c.late)}::boolean,
               ${p.add(c.task_ids)}::uuid[], ${p.add(c.created_at)}::timestamptz, ${user}::uuid
         WHERE EXISTS (SELECT 1 FROM saved)`;
    } else {
      write = `DELETE FROM check_ins WHERE id = ${p.add(change.remove)}::uuid
         AND user_id = ${user}::uuid AND EXISTS (SELECT 1 FROM saved)`;
    }
    const rows = await this.db.query<SavedStreak>(
      `WITH saved AS (${saved}), quests AS (${quests}), change AS (${write})
       SELECT * FROM saved`,
      p.values,
    );
    return rows[0] ?? null;
  }

  /**
   * One person's check-ins on a quest and their rest days, between two days, and whether they
   * show their stats to others (users.show_stats, read only).
   */
  async calendar(
    questId: string,
    userId: string,
    from: string,
    to: string,
  ): Promise<{
    check_ins: { day: string; tasks: number }[];
    rest_days: string[];
    show_stats: boolean;
  }> {
    const rows = await this.db.query<{
      check_ins: { day: string; tasks: number }[];
      rest_days: string[];
      show_stats: boolean;
    }>(
      `SELECT COALESCE((SELECT json_agg(json_build_object('day', c.day,
                  'tasks', cardinality(c.task_ids)))
                FROM check_ins c WHERE c.quest_id = $1 AND c.user_id = $2
                  AND c.day BETWEEN $3 AND $4), '[]') AS check_ins,
              ARRAY(SELECT r.day FROM rest_days r WHERE r.user_id = $2
                  AND r.day BETWEEN $3 AND $4) AS rest_days,
              COALESCE((SELECT u.show_stats FROM users u WHERE u.id = $2), true) AS show_stats`,
      [questId, userId, from, to],
    );
    return rows[0]!;
  }
}
