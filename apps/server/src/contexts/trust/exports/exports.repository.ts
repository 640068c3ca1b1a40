import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../../db/database.js';

export type ExportRow = {
  id: string;
  user_id: string;
  status: 'preparing' | 'ready' | 'failed' | 'expired';
  size_bytes: number | null;
  created_at: Date;
  ready_at: Date | null;
  expires_at: Date | null;
};

/** A stored file of the person's own, to put in the archive. */
export type OwnFile = { id: string; purpose: string; content_type: string; created_at: Date };

/** Everything of one person that goes into their export, as JSON-ready rows. */
export type PersonData = {
  profile: Record<string, unknown>;
  quests: unknown[];
  checkIns: unknown[];
  posts: unknown[];
  comments: unknown[];
  messages: unknown[];
  vibes: { sent: unknown[]; received: unknown[] };
  reactions: { smiles: unknown[]; hums: unknown[] };
  files: OwnFile[];
  /** The words of the person's own voice notes (transcripts). */
  transcripts: unknown[];
};

const COLUMNS = 'id, user_id, status, size_bytes, created_at, ready_at, expires_at';

/** data_exports, and the reads of a person's own data. */
export class ExportsRepository {
  constructor(private readonly db: Queryable) {}

  /** A new export in preparation, or undefined when one is being prepared already. */
  async create(userId: string, at: Date): Promise<ExportRow | undefined> {
    // The unique index on (user_id) WHERE status = 'preparing' decides between two requests.
    const rows = await this.db.query<ExportRow>(
      `INSERT INTO data_exports (id, user_id, status, created_at) VALUES ($1, $2, 'preparing', $3)
       ON CONFLICT (user_id) WHERE status = 'preparing' DO NOTHING
       RETURNING ${COLUMNS}`,
      [randomUUID(), userId, at],
    );
    return rows[0];
  }

  /** When the person asked for each export since `since`, oldest first. */
  async requestedSince(userId: string, since: Date): Promise<Date[]> {
    const rows = await this.db.query<{ created_at: Date }>(
      `SELECT created_at FROM data_exports WHERE user_id = $1 AND created_at > $2
        ORDER BY created_at`,
      [userId, since],
    );
    return rows.map((r) => r.created_at);
  }

  /** The person's other ready exports, now replaced by a newer one: marked expired, ids given. */
  async replaced(userId: string, newest: string, now: Date): Promise<string[]> {
    const rows = await this.db.query<{ id: string }>(
      `UPDATE data_exports SET status = 'expired', expires_at = $3
        WHERE user_id = $1 AND id <> $2 AND status = 'ready' RETURNING id`,
      [userId, newest, now],
    );
    return rows.map((r) => r.id);
  }

  list(userId: string): Promise<ExportRow[]> {
    return this.db.query<ExportRow>(
      `SELECT ${COLUMNS} FROM data_exports WHERE user_id = $1 ORDER BY created_at DESC LIMIT 5`,
      [userId],
    );
  }

  async get(id: string): Promise<ExportRow | undefined> {
    const rows = await this.db.query<ExportRow>(
      `SELECT ${COLUMNS} FROM data_exports WHERE id = $1`,
      [id],
    );
    return rows[0];
  }

  async ready(id: string, size: number, at: Date, expiresAt: Date): Promise<void> {
    await this.db.query(
      `UPDATE data_exports SET status = 'ready', size_bytes = $2, ready_at = $3, expires_at = $4
        WHERE id = $1`,
      [id, size, at, expiresAt],
    );
  }

  async failed(id: string): Promise<void> {
    await this.db.query("UPDATE data_exports SET status = 'failed' WHERE id = $1", [id]);
  }

  /** Ready exports past their time: their files go, the rows stay as "expired". */
  async expired(now: Date): Promise<string[]> {
    const rows = await this.db.query<{ id: string }>(
      `UPDATE data_exports SET status = 'expired'
        WHERE status = 'ready' AND expires_at <= $1 RETURNING id`,
      [now],
    );
    return rows.map((r) => r.id);
  }

  /**
   * The person's own data: what they made, and of what others made only what concerns them and
   * is not private to the other (who sent them a message or a vibe, and when; never the other's
   * audio).
   */
  async personData(userId: string): Promise<PersonData> {
    const rows = await this.db.query<PersonData>(
      `SELECT
         (SELECT json_build_object('id', u.id, 'username', u.username, 'email', u.email,
                   'displayName', u.display_name, 'bio', u.bio, 'timezone', u.timezone,
                   'dayStartHour', u.day_start_hour, 'supporterTier', u.supporter_tier,
                   'createdAt', u.created_at,
                   'interests', ARRAY(SELECT interest_id FROM user_interests WHERE user_id = u.id),
                   'privacy', json_build_object('privateProfile', u.private_profile,
                     'showStats', u.show_stats, 'hideFromLeaderboard', u.hide_from_leaderboard,
                     'whoCanMessage', u.dm_permission))
            FROM users u WHERE u.id = $1) AS profile,
         COALESCE((SELECT json_agg(json_build_object('id', q.id, 'title', q.title,
                    'description', q.description, 'category', q.category, 'emoji', q.emoji,
                    'status', q.status, 'visibility', q.visibility, 'startedOn', q.started_on,
                    'targetDays', q.target_days, 'endDate', q.end_date, 'role', p.role,
                    'tasks', ARRAY(SELECT t.title FROM quest_tasks t WHERE t.quest_id = q.id
                                    ORDER BY t.position)) ORDER BY q.created_at)
            FROM quest_participants p JOIN quests q ON q.id = p.quest_id
           WHERE p.user_id = $1), '[]') AS quests,
         COALESCE((SELECT json_agg(json_build_object('questId', c.quest_id, 'day', c.day,
                    'late', c.late, 'at', c.created_at) ORDER BY c.anchor_at)
            FROM check_ins c WHERE c.user_id = $1), '[]') AS "checkIns",
         COALESCE((SELECT json_agg(json_build_object('id', p.id, 'questId', p.quest_id,
                    'visibility', p.visibility, 'voiceFile', p.voice_media_id,
                    'attachmentFile', p.attachment_media_id, 'smiles', p.smile_count,
                    'hums', p.hum_count, 'comments', p.comment_count, 'at', p.created_at)
                    ORDER BY p.created_at)
            FROM posts p WHERE p.author_id = $1), '[]') AS posts,
         COALESCE((SELECT json_agg(json_build_object('id', c.id, 'postId', c.post_id,
                    'voiceFile', c.voice_media_id, 'at', c.created_at) ORDER BY c.created_at)
            FROM comments c WHERE c.author_id = $1), '[]') AS comments,
         COALESCE((SELECT json_agg(json_build_object('conversationId', x.conversation_id,
                    'from', su.username, 'mine', x.sender_id = $1,
                    'voiceFile', CASE WHEN x.sender_id = $1 THEN x.voice_media_id END,
                    'at', x.created_at) ORDER BY x.created_at)
            FROM dm_members m JOIN dm_messages x ON x.conversation_id = m.conversation_id
            JOIN users su ON su.id = x.sender_id
           WHERE m.user_id = $1), '[]') AS messages,
         json_build_object(
           'sent', COALESCE((SELECT json_agg(json_build_object('to', tu.username,
                     'reason', v.reason, 'at', v.created_at) ORDER BY v.created_at)
                     FROM vibes v JOIN users tu ON tu.id = v.target_user_id
                    WHERE v.sender_id = $1), '[]'),
           'received', COALESCE((SELECT json_agg(json_build_object('from', fu.username,
                     'reason', v.reason, 'at', v.created_at) ORDER BY v.created_at)
                     FROM vibes v JOIN users fu ON fu.id = v.sender_id
                    WHERE v.target_user_id = $1), '[]')) AS vibes,
         json_build_object(
           'smiles', COALESCE((SELECT json_agg(json_build_object('postId', s.post_id,
                       'at', s.created_at) ORDER BY s.created_at)
                       FROM smiles s WHERE s.user_id = $1), '[]'),
           'hums', COALESCE((SELECT json_agg(json_build_object('postId', h.post_id,
                     'at', h.created_at) ORDER BY h.created_at)
                     FROM hums h WHERE h.user_id = $1), '[]')) AS reactions,
         COALESCE((SELECT json_agg(json_build_object('id', m.id, 'purpose', m.purpose,
                    'content_type', m.content_type, 'created_at', m.created_at)
                    ORDER BY m.created_at)
            FROM media m WHERE m.owner_id = $1 AND m.attached_type IS NOT NULL), '[]') AS files,
         COALESCE((SELECT json_agg(json_build_object('file', m.id, 'purpose', m.purpose,
                    'text', t.text, 'source', t.source, 'editedAt', t.edited_at,
                    'at', t.created_at) ORDER BY t.created_at, m.id)
            FROM transcripts t JOIN media m ON m.id = t.media_id
           WHERE m.owner_id = $1 AND m.attached_type IS NOT NULL), '[]') AS transcripts`,
      [userId],
    );
    return rows[0]!;
  }
}
