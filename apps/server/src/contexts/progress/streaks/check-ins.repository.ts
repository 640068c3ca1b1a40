import { randomUUID } from 'node:crypto';
import { isDeadlock, type Queryable } from '../../../db/database.js';
import { Params } from '../../../db/params.js';
import type { EventName, Recorded } from '../../../platform/events.js';
import { recordEventsSql } from '../../../platform/outbox.repository.js';
import { WriteBatcher } from '../../../platform/write-batcher.js';
import { storedOf, type FiguresToSave } from './streak-recorder.js';
import {
  saveParticipantStreaksSql,
  saveUserStreaksSql,
  type CheckInRow,
  type SavedStreak,
} from './streaks.repository.js';
import type { DayMark } from './streak-calculator.js';

const COLUMNS = 'id, quest_id, day, zone, day_start_hour, anchor_at, late, task_ids, created_at';

/**
 * A check-in or its undo, with the person's figures after it and the version they were read at,
 * and the events to record with it (platform/outbox.ts): written only if it is.
 */
export type CheckInWrite = {
  change: { insert: CheckInRow } | { remove: string };
  userId: string;
  figures: FiguresToSave;
  version: number;
  events: { name: EventName; payload: unknown }[];
};

/** A check-in's save, and the events recorded with it, to deliver once it has committed. */
export type RecordedCheckIn = SavedStreak & { events: Recorded[] };

/** Check-ins: one per quest per lived day of a person. */
export class CheckInsRepository {
  /**
   * Check-ins (and undos) arriving together are written in one statement
   * (platform/write-batcher.ts), each person's under their own version check; one person once a
   * batch, since a second write of theirs would find the version the first one moved.
   */
  readonly #writes = new WriteBatcher<CheckInWrite, RecordedCheckIn | null>(
    (writes) => this.recordMany(writes),
    { key: (w) => w.userId, max: 50 },
  );

  constructor(private readonly db: Queryable) {}

  /**
   * A check-in written or taken back with the streak figures it makes, if the person's figures
   * are still at its `version`: their save, or null when another change got in and nothing was
   * written. Goes in one statement with those submitted at the same moment.
   */
  record(write: CheckInWrite): Promise<RecordedCheckIn | null> {
    return this.#writes.submit(write);
  }

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
   * Check-ins written or taken back together with the streak figures they make, many people's
   * in one statement, so no transaction is opened and the
   * statement's cost is shared: each person's figures are saved only if still at their
   * `version`, and their change and quest figures only with them. Answers, in order, each
   * one's save, or null when their figures changed meanwhile and nothing of theirs was
   * written. One person at most once a batch. Nothing of a batch is written when it fails.
   */
  private async recordMany(writes: CheckInWrite[]): Promise<(RecordedCheckIn | null)[]> {
    const p = new Params();
    const saved = saveUserStreaksSql(
      p,
      writes.map((w) => ({ userId: w.userId, figures: w.figures.user, version: w.version })),
    );
    const savedOnly = 'IN (SELECT user_id FROM saved)';
    const quests = saveParticipantStreaksSql(
      p,
      writes.flatMap((w) => storedOf(w.figures)),
      `AND p.user_id ${savedOnly}`,
    );
    const inserts = writes.flatMap((w) =>
      'insert' in w.change ? [{ ...w.change.insert, user_id: w.userId }] : [],
    );
    const removes = writes.flatMap((w) =>
      'remove' in w.change ? [{ id: w.change.remove, user_id: w.userId }] : [],
    );
    const removeIds = p.add(removes.map((r) => r.id));
    const events = writes.flatMap((w) =>
      w.events.map((e) => ({ user_id: w.userId, name: e.name, payload: e.payload })),
    );
    const sql = `WITH saved AS (${saved}), quests AS (${quests}),
      inserted AS (
        INSERT INTO check_ins (${COLUMNS}, user_id)
        SELECT ${COLUMNS}, user_id FROM json_to_recordset(${p.add(JSON.stringify(inserts))}::json)
            AS c(id uuid, quest_id uuid, day text, zone text, day_start_hour int,
                 anchor_at timestamptz, late boolean, task_ids uuid[], created_at timestamptz,
                 user_id uuid)
         WHERE c.user_id ${savedOnly}),
      removed AS (
        DELETE FROM check_ins d
         USING json_to_recordset(${p.add(JSON.stringify(removes))}::json)
               AS r(id uuid, user_id uuid)
         WHERE d.id = r.id AND d.user_id = r.user_id AND d.id = ANY(${removeIds}::uuid[])
           AND r.user_id ${savedOnly}),
      recorded AS (
        ${recordEventsSql(`SELECT e.name, e.payload
           FROM json_to_recordset(${p.add(JSON.stringify(events))}::json)
             AS e(user_id uuid, name text, payload jsonb)
          WHERE e.user_id ${savedOnly}`)})
      -- Each event names its person (payload.userId): that is how it finds its save.
      SELECT saved.*, COALESCE((SELECT json_agg(json_build_object('id', r.id, 'name', r.name,
                 'payload', r.payload, 'done', '[]'::json))
               FROM recorded r WHERE r.payload ->> 'userId' = saved.user_id::text), '[]') AS events
        FROM saved`;
    let rows: RecordedCheckIn[];
    try {
      rows = await this.db.query<RecordedCheckIn>(sql, p.values);
    } catch (error) {
      // Another server's batch locked some of the same people first and PostgreSQL stopped
      // this one: nothing of it was written, and each person reads again as when stale.
      if (!isDeadlock(error)) throw error;
      rows = [];
    }
    const byUser = new Map(rows.map((r) => [r.user_id, r]));
    return writes.map((w) => byUser.get(w.userId) ?? null);
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
