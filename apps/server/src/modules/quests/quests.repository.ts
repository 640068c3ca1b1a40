import type { PersonSummary, QuestCategory, QuestStatus, QuestVisibility } from '@doers/contract';
import type { Queryable } from '../../db/database.js';
import type { Cursor } from '../../platform/pagination.js';
import type { CheckInRow } from '../stats/stats.repository.js';
import { questVisibleTo } from './quest-visibility.js';

export type QuestRow = {
  id: string;
  owner_id: string;
  title: string;
  description: string;
  category: QuestCategory;
  emoji: string;
  target_days: number | null;
  end_date: string | null;
  visibility: QuestVisibility;
  allow_others_to_join: boolean;
  participant_limit: number | null;
  requires_approval: boolean;
  status: QuestStatus;
  started_on: string;
  template_id: string | null;
  created_at: Date;
  updated_at: Date;
  completed_at: Date | null;
  abandoned_at: Date | null;
};

export type TaskRow = { id: string; title: string; position: number };

/** A person's figures on one quest: recomputed from their check-ins on every change. */
export type ParticipantStreak = {
  quest_id: string;
  user_id: string;
  run_length: number;
  longest_streak: number;
  total_check_ins: number;
  last_day: string | null;
  last_zone: string | null;
  last_day_start_hour: number | null;
  last_at: Date | null;
};

export type ParticipantRow = ParticipantStreak & {
  role: 'owner' | 'member';
  status: 'active' | 'left';
  joined_at: Date;
  joined_on: string;
};

export type QuestFields = Pick<
  QuestRow,
  | 'title'
  | 'description'
  | 'category'
  | 'emoji'
  | 'target_days'
  | 'end_date'
  | 'visibility'
  | 'allow_others_to_join'
  | 'participant_limit'
  | 'requires_approval'
>;

/** Everything a Quest response shows, for one viewer, in one query. */
export type QuestBundle = {
  quest: QuestRow;
  visible: boolean;
  owner: PersonSummary;
  tasks: TaskRow[];
  participantCount: number;
  /** The viewer's place on the quest (also when they left), and their latest request. */
  participant: ParticipantRow | null;
  requestStatus: 'pending' | 'accepted' | 'declined' | null;
  /** The viewer's check-ins on this quest since `recentFrom`, oldest first. */
  recent: CheckInRow[];
  restDays: string[];
};

/** A person's standing against `limits.quests`. */
export type LimitRow = {
  username: string;
  supporter_tier: string;
  limit_quests: number;
  active: number;
};

type BundleRow = QuestRow & {
  visible: boolean;
  owner: PersonSummary;
  tasks: TaskRow[];
  participant_count: number;
  participant: (Omit<ParticipantRow, 'joined_at' | 'last_at'> & JsonDates) | null;
  request_status: QuestBundle['requestStatus'];
  recent: (Omit<CheckInRow, 'anchor_at' | 'created_at'> & {
    anchor_at: string;
    created_at: string;
  })[];
  rest_days: string[];
};
type JsonDates = { joined_at: string; last_at: string | null };

/** What counts against the quest limit: active quests the users row `u` is active on. */
const ACTIVE_QUESTS_OF_U = `(SELECT count(*)::int FROM quest_participants p
  JOIN quests q ON q.id = p.quest_id
  WHERE p.user_id = u.id AND p.status = 'active' AND q.status = 'active')`;

/** The viewer (`$2`, NULL for a visitor) and their rest days, for BUNDLE_COLUMNS. */
const VIEWER_CTE = `viewer AS (
  SELECT $2::uuid AS id,
         ARRAY(SELECT r.day FROM rest_days r WHERE r.user_id = $2::uuid) AS rest_days)`;

/**
 * What a QuestBundle holds beyond the quest row `q`: its owner `o`, and the `viewer`'s place on
 * it (their check-ins since `$3`). One place for the single quest, the many and the list.
 */
const BUNDLE_COLUMNS = `${questVisibleTo('q', 'viewer.id')} AS visible,
  json_build_object('id', o.id, 'username', o.username, 'displayName', o.display_name,
    'profilePictureUrl', o.profile_picture_url, 'isFounder', o.founder_id IS NOT NULL) AS owner,
  COALESCE((SELECT json_agg(json_build_object('id', t.id, 'title', t.title,
             'position', t.position) ORDER BY t.position)
              FROM quest_tasks t WHERE t.quest_id = q.id), '[]') AS tasks,
  (SELECT count(*)::int FROM quest_participants p
    WHERE p.quest_id = q.id AND p.status = 'active') AS participant_count,
  (SELECT row_to_json(p) FROM quest_participants p
    WHERE p.quest_id = q.id AND p.user_id = viewer.id) AS participant,
  (SELECT r.status FROM quest_requests r WHERE r.quest_id = q.id AND r.user_id = viewer.id
    ORDER BY r.created_at DESC LIMIT 1) AS request_status,
  COALESCE((SELECT json_agg(c ORDER BY c.anchor_at) FROM (
    SELECT id, quest_id, day, zone, day_start_hour, anchor_at, late, task_ids, created_at
      FROM check_ins WHERE quest_id = q.id AND user_id = viewer.id AND day >= $3) c),
    '[]') AS recent,
  viewer.rest_days`;

/** Quests, their tasks and who is on them (with each person's figures on the quest). */
export class QuestsRepository {
  constructor(private readonly db: Queryable) {}

  async insert(
    tx: Queryable,
    quest: QuestFields & Pick<QuestRow, 'id' | 'owner_id' | 'started_on' | 'template_id'>,
  ): Promise<void> {
    const columns = Object.keys(quest);
    const values = columns.map((_, i) => `$${i + 1}`).join(', ');
    await tx.query(
      `INSERT INTO quests (${columns.join(', ')}) VALUES (${values})`,
      Object.values(quest),
    );
  }

  async update(tx: Queryable, id: string, fields: Partial<QuestFields>): Promise<void> {
    const entries = Object.entries(fields).filter(([, v]) => v !== undefined);
    if (entries.length === 0) return;
    const sets = entries.map(([k], i) => `${k} = $${i + 2}`).join(', ');
    await tx.query(`UPDATE quests SET ${sets}, updated_at = now() WHERE id = $1`, [
      id,
      ...entries.map(([, v]) => v),
    ]);
  }

  async setStatus(tx: Queryable, id: string, status: QuestStatus): Promise<void> {
    await tx.query(
      `UPDATE quests SET status = $2, updated_at = now(),
         completed_at = CASE WHEN $2 = 'completed' THEN now() ELSE completed_at END,
         abandoned_at = CASE WHEN $2 = 'abandoned' THEN now() ELSE abandoned_at END
       WHERE id = $1`,
      [id, status],
    );
  }

  /** Its tasks, participants, requests and check-ins go with it. */
  async delete(tx: Queryable, id: string): Promise<void> {
    await tx.query('DELETE FROM quests WHERE id = $1', [id]);
  }

  /** Locks a quest row: joins and acceptances check its capacity one at a time. */
  async lock(tx: Queryable, id: string): Promise<void> {
    await tx.query('SELECT 1 FROM quests WHERE id = $1 FOR UPDATE', [id]);
  }

  /** The quest and whether `viewerId` may see it. */
  async findForViewer(
    id: string,
    viewerId: string | null,
  ): Promise<(QuestRow & { visible: boolean }) | undefined> {
    const rows = await this.db.query<QuestRow & { visible: boolean }>(
      `SELECT q.*, ${questVisibleTo('q', '$2::uuid')} AS visible FROM quests q WHERE q.id = $1`,
      [id, viewerId],
    );
    return rows[0];
  }

  /** Quest responses' data for these quests as `viewerId` sees them (see QuestBundle). */
  async bundles(
    ids: string[],
    viewerId: string | null,
    recentFrom: string,
  ): Promise<Map<string, QuestBundle>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db.query<BundleRow>(
      `WITH ${VIEWER_CTE}
       SELECT q.*, ${BUNDLE_COLUMNS}
       FROM quests q JOIN users o ON o.id = q.owner_id CROSS JOIN viewer
       WHERE q.id = ANY($1::uuid[])`,
      [ids, viewerId, recentFrom],
    );
    return new Map(rows.map((r) => [r.id, toBundle(r)]));
  }

  /**
   * A page of a person's quests in one state, newest joined first, with everything their Quest
   * views need and their standing against the quest limit, in one statement. `limit` is null
   * when the person does not exist; `bundles` holds up to `limit + 1` quests (the extra one says
   * there is a next page).
   */
  async listBundles(
    userId: string,
    status: QuestStatus,
    cursor: Cursor | null,
    limit: number,
    recentFrom: string,
  ): Promise<{
    limit: { used: number; max: number } | null;
    bundles: (QuestBundle & { joinedAt: Date })[];
  }> {
    const rows = await this.db.query<
      Partial<BundleRow> & { limit_max: number; limit_used: number; page_joined_at: Date | null }
    >(
      `WITH ${VIEWER_CTE},
       me AS (
         SELECT u.limit_quests AS limit_max,
                ${ACTIVE_QUESTS_OF_U} AS limit_used
           FROM users u WHERE u.id = $2::uuid),
       page AS (
         SELECT p.quest_id AS page_id, p.joined_at AS page_joined_at
           FROM quests q JOIN quest_participants p ON p.quest_id = q.id
          WHERE p.user_id = $2::uuid AND p.status = 'active' AND q.status = $1
            AND ($4::timestamptz IS NULL OR (p.joined_at, q.id) < ($4::timestamptz, $5::uuid))
          ORDER BY p.joined_at DESC, q.id DESC LIMIT $6)
       SELECT me.limit_max, me.limit_used, page.page_joined_at, q.*, ${BUNDLE_COLUMNS}
         FROM me CROSS JOIN viewer LEFT JOIN page ON true
         LEFT JOIN quests q ON q.id = page.page_id LEFT JOIN users o ON o.id = q.owner_id
        ORDER BY page.page_joined_at DESC, page.page_id DESC`,
      [status, userId, recentFrom, cursor?.at ?? null, cursor?.id ?? null, limit + 1],
    );
    const first = rows[0];
    if (!first) return { limit: null, bundles: [] };
    return {
      limit: { used: first.limit_used, max: first.limit_max },
      bundles: rows.flatMap(({ limit_max: _max, limit_used: _used, page_joined_at, ...row }) =>
        row.id && page_joined_at
          ? [{ ...toBundle(row as BundleRow), joinedAt: page_joined_at }]
          : [],
      ),
    };
  }

  /**
   * A page of the quests `ownerId` owns that `viewerId` may see on their profile, newest first:
   * never a private one, whoever asks. `owner` is false when the person does not exist (or is
   * deleted).
   */
  async ownedVisibleTo(
    ownerId: string,
    viewerId: string,
    status: QuestStatus,
    cursor: Cursor | null,
    limit: number,
  ): Promise<{ owner: boolean; page: { id: string; created_at: Date }[] }> {
    const rows = await this.db.query<{ id: string | null; created_at: Date | null }>(
      // Cursors hold milliseconds; quests.created_at has microseconds (now()).
      `SELECT q.id, q.created_at
         FROM users o LEFT JOIN LATERAL (
           SELECT q.id, date_trunc('milliseconds', q.created_at) AS created_at
             FROM quests q
            WHERE q.owner_id = o.id AND q.status = $3 AND q.visibility <> 'private'
              AND ${questVisibleTo('q', '$2::uuid')}
              AND ($4::timestamptz IS NULL
                   OR (date_trunc('milliseconds', q.created_at), q.id) < ($4::timestamptz, $5::uuid))
            ORDER BY date_trunc('milliseconds', q.created_at) DESC, q.id DESC LIMIT $6) q ON true
        WHERE o.id = $1 AND o.status <> 'Deleted'`,
      [ownerId, viewerId, status, cursor?.at ?? null, cursor?.id ?? null, limit + 1],
    );
    return {
      owner: rows.length > 0,
      page: rows.flatMap((r) =>
        r.id && r.created_at ? [{ id: r.id, created_at: r.created_at }] : [],
      ),
    };
  }

  /** Replaces the task list: ids kept are renamed and moved, the rest removed, new ones added. */
  async replaceTasks(
    tx: Queryable,
    questId: string,
    tasks: { id: string; title: string }[],
  ): Promise<void> {
    const ids = tasks.map((t) => t.id);
    await tx.query('DELETE FROM quest_tasks WHERE quest_id = $1 AND NOT (id = ANY($2::uuid[]))', [
      questId,
      ids,
    ]);
    if (tasks.length === 0) return;
    await tx.query(
      `INSERT INTO quest_tasks (id, quest_id, title, position)
       SELECT t.id, $1, t.title, t.position - 1
         FROM unnest($2::uuid[], $3::text[]) WITH ORDINALITY AS t(id, title, position)
       ON CONFLICT (id) DO UPDATE SET title = EXCLUDED.title, position = EXCLUDED.position`,
      [questId, ids, tasks.map((t) => t.title)],
    );
  }

  async taskIds(questId: string): Promise<string[]> {
    const rows = await this.db.query<{ id: string }>(
      'SELECT id FROM quest_tasks WHERE quest_id = $1',
      [questId],
    );
    return rows.map((r) => r.id);
  }

  async participantCount(questId: string, tx: Queryable = this.db): Promise<number> {
    const rows = await tx.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM quest_participants WHERE quest_id = $1 AND status = 'active'`,
      [questId],
    );
    return rows[0]!.n;
  }

  async participant(
    questId: string,
    userId: string,
    tx: Queryable = this.db,
  ): Promise<ParticipantRow | undefined> {
    const rows = await tx.query<ParticipantRow>(
      'SELECT * FROM quest_participants WHERE quest_id = $1 AND user_id = $2',
      [questId, userId],
    );
    return rows[0];
  }

  async participantIds(questId: string): Promise<string[]> {
    const rows = await this.db.query<{ user_id: string }>(
      'SELECT user_id FROM quest_participants WHERE quest_id = $1',
      [questId],
    );
    return rows.map((r) => r.user_id);
  }

  /** Adds someone to a quest, or brings back someone who left. */
  async join(
    tx: Queryable,
    p: { questId: string; userId: string; role: 'owner' | 'member'; joinedOn: string },
  ): Promise<void> {
    await tx.query(
      `INSERT INTO quest_participants (quest_id, user_id, role, joined_on) VALUES ($1, $2, $3, $4)
       ON CONFLICT (quest_id, user_id)
       DO UPDATE SET status = 'active', joined_at = now(), joined_on = EXCLUDED.joined_on`,
      [p.questId, p.userId, p.role, p.joinedOn],
    );
  }

  async leave(tx: Queryable, questId: string, userId: string): Promise<void> {
    await tx.query(
      `UPDATE quest_participants SET status = 'left' WHERE quest_id = $1 AND user_id = $2`,
      [questId, userId],
    );
  }

  async saveStreaks(tx: Queryable, rows: ParticipantStreak[]): Promise<void> {
    if (rows.length === 0) return;
    await tx.query(
      `UPDATE quest_participants p SET run_length = v.run_length,
         longest_streak = v.longest_streak, total_check_ins = v.total_check_ins,
         last_day = v.last_day, last_zone = v.last_zone,
         last_day_start_hour = v.last_day_start_hour, last_at = v.last_at
       FROM json_to_recordset($1::json) AS v(quest_id uuid, user_id uuid, run_length int,
         longest_streak int, total_check_ins int, last_day text, last_zone text,
         last_day_start_hour int, last_at timestamptz)
       WHERE p.quest_id = v.quest_id AND p.user_id = v.user_id`,
      [JSON.stringify(rows)],
    );
  }

  /** Active quests a person is on (own and joined), against their limit. */
  async limitOf(userId: string, tx: Queryable = this.db): Promise<LimitRow | undefined> {
    const rows = await tx.query<LimitRow>(
      `SELECT u.username, u.supporter_tier, u.limit_quests,
              ${ACTIVE_QUESTS_OF_U} AS active
         FROM users u WHERE u.id = $1`,
      [userId],
    );
    return rows[0];
  }
}

function toBundle(r: BundleRow): QuestBundle {
  const {
    visible,
    owner,
    tasks,
    participant_count,
    participant,
    request_status,
    recent,
    rest_days,
    ...quest
  } = r;
  return {
    quest,
    visible,
    owner,
    tasks,
    participantCount: participant_count,
    participant: participant && {
      ...participant,
      joined_at: new Date(participant.joined_at),
      last_at: participant.last_at ? new Date(participant.last_at) : null,
    },
    requestStatus: request_status,
    recent: recent.map((c) => ({
      ...c,
      anchor_at: new Date(c.anchor_at),
      created_at: new Date(c.created_at),
    })),
    restDays: rest_days,
  };
}
