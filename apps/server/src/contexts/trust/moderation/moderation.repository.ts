import { randomUUID } from 'node:crypto';
import type {
  AuditAction,
  PersonSummary,
  ReportCategory,
  ReportStatus,
  ReportTarget,
} from '@doers/contract';
import type { SessionUserCache } from '../../accounts/index.js';
import type { Queryable } from '../../../db/database.js';
import { voiceJson } from '../../media/index.js';
import type { MediaJson } from '../../social/index.js';

const PERSON = (u: string) => `CASE WHEN ${u}.id IS NULL THEN NULL ELSE json_build_object(
  'id', ${u}.id, 'username', ${u}.username, 'displayName', ${u}.display_name,
  'profilePictureUrl', ${u}.profile_picture_url, 'isFounder', ${u}.founder_id IS NOT NULL) END`;

export type ReportRow = {
  id: string;
  target_type: ReportTarget;
  target_id: string;
  category: ReportCategory;
  note: string;
  status: ReportStatus;
  outcome: string | null;
  created_at: Date;
  resolved_at: Date | null;
  /** The reporter's voice note. */
  voice: MediaJson | null;
};

export type AuditRow = {
  id: string;
  moderator: PersonSummary | null;
  moderator_id: string | null;
  action: AuditAction;
  target_type: ReportTarget;
  target_id: string;
  target_user: PersonSummary | null;
  target_user_id: string | null;
  target_suspended: boolean;
  reason: string;
  suspended_until: Date | null;
  created_at: Date;
};

export type QueueRow = {
  target_type: ReportTarget;
  target_id: string;
  target_user_id: string;
  target_user: PersonSummary | null;
  report_count: number;
  latest_at: Date;
  earlier_reports: number;
  voice: MediaJson | null;
  reports: {
    id: string;
    reporter: PersonSummary | null;
    category: ReportCategory;
    note: string;
    voice: MediaJson | null;
    createdAt: string;
  }[];
};

const REPORT_COLUMNS = `id, target_type, target_id, category, note, status, outcome, created_at,
  resolved_at`;
/** A report's voice note as JSON (`r` is the report), null without one. */
const REPORT_VOICE = (r: string) =>
  `(SELECT to_jsonb(m) FROM media m WHERE m.id = ${r}.voice_media_id)`;

/** reports and moderation_log, and the hidden marks and suspensions they lead to. */
export class ModerationRepository {
  /** @param sessionUsers what authenticating keeps of people, told of every status written here. */
  constructor(
    private readonly db: Queryable,
    private readonly sessionUsers: SessionUserCache,
  ) {}

  /**
   * Whose a reported thing is, if the reporter may see it: their own post or message, or one
   * visible to them (checked by the caller's services). Null when there is no such thing.
   */
  async ownerOf(type: ReportTarget, id: string): Promise<string | null> {
    const sql = {
      post: 'SELECT author_id AS owner FROM posts WHERE id = $1 AND hidden_at IS NULL',
      comment: 'SELECT author_id AS owner FROM comments WHERE id = $1 AND hidden_at IS NULL',
      dm: 'SELECT sender_id AS owner FROM dm_messages WHERE id = $1 AND hidden_at IS NULL',
      user: "SELECT id AS owner FROM users WHERE id = $1 AND status <> 'Deleted'",
    }[type];
    const rows = await this.db.query<{ owner: string }>(sql, [id]);
    return rows[0]?.owner ?? null;
  }

  /**
   * The new report, or undefined when this person reported this thing before. Its voice note
   * comes after (setVoice), once media has attached it.
   */
  async insertReport(
    tx: Queryable,
    r: {
      reporterId: string;
      targetType: ReportTarget;
      targetId: string;
      targetUserId: string;
      category: ReportCategory;
      note: string;
      at: Date;
    },
  ): Promise<ReportRow | undefined> {
    const rows = await tx.query<ReportRow>(
      `INSERT INTO reports (id, reporter_id, target_type, target_id, target_user_id, category,
                            note, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (reporter_id, target_type, target_id) DO NOTHING
       RETURNING ${REPORT_COLUMNS}, NULL::jsonb AS voice`,
      [
        randomUUID(),
        r.reporterId,
        r.targetType,
        r.targetId,
        r.targetUserId,
        r.category,
        r.note,
        r.at,
      ],
    );
    return rows[0];
  }

  async setVoice(tx: Queryable, reportId: string, mediaId: string): Promise<void> {
    await tx.query('UPDATE reports SET voice_media_id = $2 WHERE id = $1', [reportId, mediaId]);
  }

  myReports(
    reporterId: string,
    cursor: { at: Date; id: string } | null,
    limit: number,
  ): Promise<ReportRow[]> {
    return this.db.query<ReportRow>(
      `SELECT ${REPORT_COLUMNS}, ${REPORT_VOICE('reports')} AS voice FROM reports
        WHERE reporter_id = $1
          AND ($2::timestamptz IS NULL OR (created_at, id) < ($2::timestamptz, $3::uuid))
        ORDER BY created_at DESC, id DESC LIMIT $4`,
      [reporterId, cursor?.at ?? null, cursor?.id ?? null, limit + 1],
    );
  }

  /** Open reports grouped by what they are about: the most reported, then the newest, first. */
  queue(limit: number): Promise<QueueRow[]> {
    return this.db.query<QueueRow>(
      `WITH open AS (
         SELECT target_type, target_id, (array_agg(target_user_id))[1] AS target_user_id,
                count(*)::int AS report_count, max(created_at) AS latest_at
           FROM reports WHERE status = 'open'
          GROUP BY target_type, target_id
          ORDER BY count(*) DESC, max(created_at) DESC LIMIT $1)
       SELECT o.*, ${PERSON('tu')} AS target_user,
              (SELECT count(*)::int FROM reports e WHERE e.target_user_id = o.target_user_id
                 AND NOT (e.target_type = o.target_type AND e.target_id = o.target_id))
                AS earlier_reports,
              CASE o.target_type
                WHEN 'post' THEN (SELECT ${voiceJson('m')} FROM posts x JOIN media m
                                    ON m.id = x.voice_media_id WHERE x.id = o.target_id
                                   AND x.hidden_at IS NULL)
                WHEN 'comment' THEN (SELECT ${voiceJson('m')} FROM comments x JOIN media m
                                       ON m.id = x.voice_media_id WHERE x.id = o.target_id
                                      AND x.hidden_at IS NULL)
                WHEN 'dm' THEN (SELECT ${voiceJson('m')} FROM dm_messages x JOIN media m
                                  ON m.id = x.voice_media_id WHERE x.id = o.target_id
                                 AND x.hidden_at IS NULL)
              END AS voice,
              (SELECT json_agg(json_build_object('id', r.id, 'reporter', ${PERSON('ru')},
                        'category', r.category, 'note', r.note, 'voice', ${REPORT_VOICE('r')},
                        'createdAt', r.created_at)
                        ORDER BY r.created_at DESC)
                 FROM reports r LEFT JOIN users ru ON ru.id = r.reporter_id
                WHERE r.target_type = o.target_type AND r.target_id = o.target_id
                  AND r.status = 'open') AS reports
         FROM open o LEFT JOIN users tu ON tu.id = o.target_user_id
        ORDER BY o.report_count DESC, o.latest_at DESC`,
      [limit],
    );
  }

  /** Actions taken about these people, newest first (the console's history). */
  actionsAbout(userIds: string[]): Promise<AuditRow[]> {
    if (userIds.length === 0) return Promise.resolve([]);
    return this.db.query<AuditRow>(
      `${AUDIT_SELECT} WHERE l.target_user_id = ANY($1::uuid[])
        ORDER BY l.created_at DESC, l.id DESC LIMIT 200`,
      [userIds],
    );
  }

  audit(cursor: { at: Date; id: string } | null, limit: number): Promise<AuditRow[]> {
    return this.db.query<AuditRow>(
      `${AUDIT_SELECT}
        WHERE ($1::timestamptz IS NULL OR (l.created_at, l.id) < ($1::timestamptz, $2::uuid))
        ORDER BY l.created_at DESC, l.id DESC LIMIT $3`,
      [cursor?.at ?? null, cursor?.id ?? null, limit + 1],
    );
  }

  async log(
    tx: Queryable,
    e: {
      moderatorId: string;
      action: AuditAction;
      targetType: ReportTarget;
      targetId: string;
      targetUserId: string | null;
      reason: string;
      suspendedUntil: Date | null;
      at: Date;
    },
  ): Promise<string> {
    const id = randomUUID();
    await tx.query(
      `INSERT INTO moderation_log (id, moderator_id, action, target_type, target_id,
                                   target_user_id, reason, suspended_until, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        id,
        e.moderatorId,
        e.action,
        e.targetType,
        e.targetId,
        e.targetUserId,
        e.reason,
        e.suspendedUntil,
        e.at,
      ],
    );
    return id;
  }

  async entry(tx: Queryable, id: string): Promise<AuditRow> {
    const rows = await tx.query<AuditRow>(`${AUDIT_SELECT} WHERE l.id = $1`, [id]);
    return rows[0]!;
  }

  /** Closes the open reports on a thing; answers who reported it (each is told). */
  async resolve(
    tx: Queryable,
    target: { type: ReportTarget; id: string },
    r: { status: 'actioned' | 'dismissed'; outcome: string; at: Date },
  ): Promise<{ id: string; reporter_id: string }[]> {
    return tx.query(
      `UPDATE reports SET status = $3, outcome = $4, resolved_at = $5
        WHERE target_type = $1 AND target_id = $2 AND status = 'open'
        RETURNING id, reporter_id`,
      [target.type, target.id, r.status, r.outcome, r.at],
    );
  }

  /** Hides a post, comment or message; false when it is gone or was hidden already. */
  async hide(tx: Queryable, type: Exclude<ReportTarget, 'user'>, id: string, at: Date) {
    const table = { post: 'posts', comment: 'comments', dm: 'dm_messages' }[type];
    const rows = await tx.query(
      `UPDATE ${table} SET hidden_at = $2 WHERE id = $1 AND hidden_at IS NULL RETURNING id`,
      [id, at],
    );
    return rows.length > 0;
  }

  async suspend(tx: Queryable, userId: string, until: Date | null, reason: string) {
    await this.sessionUsers.writing(tx, { user: userId }, () =>
      tx.query(
        `UPDATE users SET status = 'Suspended', suspended_until = $2, suspension_reason = $3
          WHERE id = $1 AND status <> 'Deleted'`,
        [userId, until, reason],
      ),
    );
  }

  /** Ends the person's suspension now; false when they are not suspended. */
  async lift(tx: Queryable, userId: string): Promise<boolean> {
    const rows = await this.sessionUsers.writing(tx, { user: userId }, () =>
      tx.query(
        `UPDATE users SET status = 'Active', suspended_until = NULL, suspension_reason = NULL
          WHERE id = $1 AND status = 'Suspended' RETURNING id`,
        [userId],
      ),
    );
    return rows.length > 0;
  }

  /** Suspensions whose time is over: the people are Active again, at their next request too. */
  async liftEnded(now: Date): Promise<{ id: string }[]> {
    const lifted = await this.db.query<{ id: string }>(
      `UPDATE users SET status = 'Active', suspended_until = NULL, suspension_reason = NULL
        WHERE status = 'Suspended' AND suspended_until <= $1 RETURNING id`,
      [now],
    );
    for (const { id } of lifted) this.sessionUsers.changed(this.db, { user: id });
    return lifted;
  }

  /**
   * The audit log keeps what was done but not to whom: entries about the person go. What they
   * did as a moderator stays under a pseudonym, a new random id that belongs to nobody: their
   * entries still read as one person's, and no longer lead to them. The log's trigger allows
   * this one change.
   */
  async forgetInLog(tx: Queryable, userId: string): Promise<void> {
    await tx.query(`SELECT set_config('doers.erasing', 'on', true)`);
    await tx.query('DELETE FROM moderation_log WHERE target_user_id = $1', [userId]);
    await tx.query('UPDATE moderation_log SET moderator_id = $2 WHERE moderator_id = $1', [
      userId,
      randomUUID(),
    ]);
    await tx.query(`SELECT set_config('doers.erasing', 'off', true)`);
  }
}

const AUDIT_SELECT = `SELECT l.id, ${PERSON('mu')} AS moderator, l.moderator_id, l.action, l.target_type,
    l.target_id, ${PERSON('tu')} AS target_user, l.target_user_id, l.reason,
    l.suspended_until, l.created_at, coalesce(tu.status = 'Suspended', false) AS target_suspended
  FROM moderation_log l LEFT JOIN users mu ON mu.id = l.moderator_id
  LEFT JOIN users tu ON tu.id = l.target_user_id`;
