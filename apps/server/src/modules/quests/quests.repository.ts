import type { QuestCategory, QuestStatus, QuestVisibility } from '@doers/contract';
import type { Queryable } from '../../db/database.js';
import type { Cursor } from '../../platform/pagination.js';

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

export type TaskRow = { id: string; quest_id: string; title: string; position: number };

export type ParticipantRow = {
  quest_id: string;
  user_id: string;
  role: 'owner' | 'member';
  status: 'active' | 'left';
  joined_at: Date;
  joined_on: string;
  run_length: number;
  longest_streak: number;
  total_check_ins: number;
  last_day: string | null;
  last_zone: string | null;
  last_day_start_hour: number | null;
  last_at: Date | null;
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

/** Quests, their tasks and who is on them. */
export class QuestsRepository {
  constructor(private readonly db: Queryable) {}

  async insert(
    tx: Queryable,
    quest: QuestFields & Pick<QuestRow, 'id' | 'owner_id' | 'started_on' | 'template_id'>,
  ): Promise<void> {
    const columns = Object.keys(quest);
    await tx.query(
      `INSERT INTO quests (${columns.join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')})`,
      Object.values(quest),
    );
  }

  async update(tx: Queryable, id: string, fields: Partial<QuestFields>): Promise<void> {
    const entries = Object.entries(fields).filter(([, v]) => v !== undefined);
    if (entries.length === 0) return;
    await tx.query(
      `UPDATE quests SET ${entries.map(([k], i) => `${k} = $${i + 2}`).join(', ')}, updated_at = now() WHERE id = $1`,
      [id, ...entries.map(([, v]) => v)],
    );
  }

  async setStatus(id: string, status: QuestStatus): Promise<void> {
    await this.db.query(
      `UPDATE quests SET status = $2, updated_at = now(),
         completed_at = CASE WHEN $2 = 'completed' THEN now() ELSE completed_at END,
         abandoned_at = CASE WHEN $2 = 'abandoned' THEN now() ELSE abandoned_at END
       WHERE id = $1`,
      [id, status],
    );
  }

  async delete(id: string): Promise<void> {
    await this.db.query('DELETE FROM quests WHERE id = $1', [id]);
  }

  /** Locks a quest row: joins and acceptances check its capacity one at a time. */
  async lock(tx: Queryable, id: string): Promise<QuestRow | undefined> {
    return (await tx.query<QuestRow>('SELECT * FROM quests WHERE id = $1 FOR UPDATE', [id]))[0];
  }

  async find(id: string): Promise<QuestRow | undefined> {
    return (await this.db.query<QuestRow>('SELECT * FROM quests WHERE id = $1', [id]))[0];
  }

  async findMany(ids: string[]): Promise<QuestRow[]> {
    if (ids.length === 0) return [];
    return this.db.query<QuestRow>('SELECT * FROM quests WHERE id = ANY($1::uuid[])', [ids]);
  }

  /** Replaces the task list: ids kept are renamed and moved, the rest removed, new ones added. */
  async replaceTasks(
    tx: Queryable,
    questId: string,
    tasks: { id: string; title: string }[],
  ): Promise<void> {
    await tx.query('DELETE FROM quest_tasks WHERE quest_id = $1 AND NOT (id = ANY($2::uuid[]))', [
      questId,
      tasks.map((t) => t.id),
    ]);
    for (const [position, task] of tasks.entries()) {
      await tx.query(
        `INSERT INTO quest_tasks (id, quest_id, title, position) VALUES ($1, $2, $3, $4)
         ON CONFLICT (id) DO UPDATE SET title = EXCLUDED.title, position = EXCLUDED.position`,
        [task.id, questId, task.title, position],
      );
    }
  }

  async tasksOf(questIds: string[]): Promise<TaskRow[]> {
    if (questIds.length === 0) return [];
    return this.db.query<TaskRow>(
      'SELECT * FROM quest_tasks WHERE quest_id = ANY($1::uuid[]) ORDER BY position',
      [questIds],
    );
  }

  async participantCounts(
    questIds: string[],
    tx: Queryable = this.db,
  ): Promise<Map<string, number>> {
    if (questIds.length === 0) return new Map();
    const rows = await tx.query<{ quest_id: string; n: number }>(
      `SELECT quest_id, count(*)::int AS n FROM quest_participants
        WHERE quest_id = ANY($1::uuid[]) AND status = 'active' GROUP BY quest_id`,
      [questIds],
    );
    return new Map(rows.map((r) => [r.quest_id, r.n]));
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

  /** Locks the participant row so that one person's check-ins on a quest happen one at a time. */
  async lockParticipant(
    tx: Queryable,
    questId: string,
    userId: string,
  ): Promise<ParticipantRow | undefined> {
    const rows = await tx.query<ParticipantRow>(
      'SELECT * FROM quest_participants WHERE quest_id = $1 AND user_id = $2 FOR UPDATE',
      [questId, userId],
    );
    return rows[0];
  }

  async participationsOf(userId: string, questIds: string[]): Promise<ParticipantRow[]> {
    if (questIds.length === 0) return [];
    return this.db.query<ParticipantRow>(
      'SELECT * FROM quest_participants WHERE user_id = $1 AND quest_id = ANY($2::uuid[])',
      [userId, questIds],
    );
  }

  async activeParticipants(questId: string): Promise<ParticipantRow[]> {
    return this.db.query<ParticipantRow>(
      `SELECT * FROM quest_participants WHERE quest_id = $1 AND status = 'active' ORDER BY joined_at`,
      [questId],
    );
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
       ON CONFLICT (quest_id, user_id) DO UPDATE SET status = 'active', joined_at = now(), joined_on = EXCLUDED.joined_on`,
      [p.questId, p.userId, p.role, p.joinedOn],
    );
  }

  async leave(questId: string, userId: string): Promise<void> {
    await this.db.query(
      `UPDATE quest_participants SET status = 'left' WHERE quest_id = $1 AND user_id = $2`,
      [questId, userId],
    );
  }

  /** Active quests a person is on (own and joined): what `limits.quests` counts. */
  async countActive(userId: string, tx: Queryable = this.db): Promise<number> {
    const rows = await tx.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM quest_participants p JOIN quests q ON q.id = p.quest_id
        WHERE p.user_id = $1 AND p.status = 'active' AND q.status = 'active'`,
      [userId],
    );
    return rows[0]!.n;
  }

  async isVibingWith(userId: string, targetId: string): Promise<boolean> {
    const rows = await this.db.query(
      'SELECT 1 FROM vibing_with WHERE user_id = $1 AND target_id = $2',
      [userId, targetId],
    );
    return rows.length > 0;
  }

  /** A person's quests in one state, newest joined first. */
  async listFor(
    userId: string,
    status: QuestStatus,
    cursor: Cursor | null,
    limit: number,
  ): Promise<(QuestRow & { joined_at: Date })[]> {
    return this.db.query<QuestRow & { joined_at: Date }>(
      `SELECT q.*, p.joined_at FROM quests q JOIN quest_participants p ON p.quest_id = q.id
        WHERE p.user_id = $1 AND p.status = 'active' AND q.status = $2
          AND ($3::timestamptz IS NULL OR (p.joined_at, q.id) < ($3::timestamptz, $4::uuid))
        ORDER BY p.joined_at DESC, q.id DESC LIMIT $5`,
      [userId, status, cursor?.at ?? null, cursor?.id ?? null, limit + 1],
    );
  }

  /** Keeps activeQuests, completedQuests and totalCompletedQuests true to the quests. */
  async refreshQuestCounts(userIds: string[], tx: Queryable = this.db): Promise<void> {
    if (userIds.length === 0) return;
    await tx.query(
      `UPDATE user_stats s SET
         active_quests = (SELECT count(*) FROM quest_participants p JOIN quests q ON q.id = p.quest_id
                           WHERE p.user_id = s.user_id AND p.status = 'active' AND q.status = 'active'),
         completed_quests = (SELECT count(*) FROM quests q WHERE q.owner_id = s.user_id AND q.status = 'completed'),
         total_completed_quests = (SELECT count(*) FROM quest_participants p JOIN quests q ON q.id = p.quest_id
                           WHERE p.user_id = s.user_id AND p.status = 'active' AND q.status = 'completed')
       WHERE s.user_id = ANY($1::uuid[])`,
      [userIds],
    );
  }
}
