import type { QuestStatus } from '@doers/contract';
import type { Queryable } from '../../../db/database.js';
import type { Cursor } from '../../../platform/pagination.js';
import { WriteBatcher } from '../../../platform/write-batcher.js';
import {
  ACTIVE_QUESTS_OF_U,
  selectBundles,
  selectBundlesWithInputs,
  selectListBundles,
  type BundleAsk,
} from './quest-bundles.repository.js';
import { notBlockedBetween } from '../../people/index.js';
import { questVisibleTo } from './quest-visibility.js';

import type { ParticipantRow, QuestRow } from './quest-rows.js';

export type { QuestBundle } from './quest-bundles.repository.js';

type WithInputs = NonNullable<Awaited<ReturnType<typeof selectBundlesWithInputs>>[number]>;
export type { ParticipantRow, ParticipantStreak, QuestRow, TaskRow } from './quest-rows.js';

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

/** A person's standing against `limits.quests`. */
export type LimitRow = {
  username: string;
  supporter_tier: string;
  limit_quests: number;
  active: number;
};

/** Quests, their tasks and who is on them (with each person's figures on the quest). */
export class QuestsRepository {
  readonly #withInputs = new WriteBatcher<BundleAsk, WithInputs | null>(
    async (asks) => (await selectBundlesWithInputs(this.db, asks)).map((found) => found ?? null),
    { max: 50 },
  );

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
  bundles(ids: string[], viewerId: string | null, recentFrom: string) {
    return selectBundles(this.db, ids, viewerId, recentFrom);
  }

  /**
   * A quest's bundle for one person with their streak inputs (a check-in's read), or null where
   * the quest does not exist. Reads that arrive together go in one statement, as check-ins'
   * writes do (platform/write-batcher.ts): a statement's fixed cost, not its rows, is most of a
   * read's.
   */
  bundleWithInputs(ask: BundleAsk): Promise<WithInputs | null> {
    return this.#withInputs.submit(ask);
  }

  /** A page of a person's quests in one state with their standing (see selectListBundles). */
  listBundles(
    userId: string,
    status: QuestStatus,
    cursor: Cursor | null,
    limit: number,
    recentFrom: string,
  ) {
    return selectListBundles(this.db, userId, status, cursor, limit, recentFrom);
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
              AND ${notBlockedBetween('$2::uuid', 'o.id')}
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

  /**
   * A quest the person made that others are still on goes to the one who joined it first, so
   * their check-ins and streaks stay; the rest go with the person. Answers the new owners.
   */
  async handOn(tx: Queryable, userId: string): Promise<string[]> {
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
}
