import { randomUUID } from 'node:crypto';
import type { NewNotification, NotificationType, PersonSummary } from '@doers/contract';
import type { Queryable } from '../../../db/database.js';
import type { Cursor } from '../../../platform/pagination.js';
import { transcriptTextOf } from '../../media/index.js';
import { notBlockedBetween, notBlockedBetweenByKey } from '../../people/index.js';
import { WriteBatcher } from '../../../platform/write-batcher.js';
import { foldRule } from './fold-rule.js';

/** A line of the list as read: the fold and its newest notification. */
export type LineRow = {
  id: string;
  type: NotificationType;
  data: unknown;
  actors: PersonSummary[];
  actor_count: number;
  count: number;
  read: boolean;
  at: Date;
  /** The transcript of the voice note the line is about (EXCERPT), or null. */
  excerpt: string | null;
};

/**
 * A notification to write, and what it comes from: an event's delivery (platform/events.ts,
 * `Delivery`). A notification of that source and recipient already written is answered again
 * instead of written twice: a second delivery of one event notifies once.
 */
export type Sourced = { n: NewNotification; source: string | null };

/**
 * `push`: the person takes this type by push (their settings, read with the write) and has a
 * device subscribed.
 */
export type Written = { id: string; in_app: boolean; push: boolean };

/**
 * What was said in the voice note a line is about, a comment on the person's post or a message
 * to them: its transcript, unless the note (or the post under the comment) is hidden, or a block
 * stands between the person and its speaker.
 */
const EXCERPT = `CASE n.type
  WHEN 'comment' THEN (
    SELECT ${transcriptTextOf('c.voice_media_id')}
      FROM comments c JOIN posts p ON p.id = c.post_id
     WHERE c.id = (n.data->>'commentId')::uuid AND c.hidden_at IS NULL AND p.hidden_at IS NULL
       AND ${notBlockedBetweenByKey('f.user_id', 'c.author_id')})
  WHEN 'dm' THEN (
    SELECT ${transcriptTextOf('d.voice_media_id')}
      FROM dm_messages d
     WHERE d.id = (n.data->>'messageId')::uuid AND d.hidden_at IS NULL
       AND ${notBlockedBetweenByKey('f.user_id', 'd.sender_id')})
END`;

/**
 * A line: its fold joined to the newest notification, the newest few people who are still there
 * and not blocked either way. `f` is the fold, `n` its head row.
 */
const LINE = `n.id, n.type, n.data, f.count, f.actor_count, f.read_at IS NOT NULL AS read, f.at,
  COALESCE((SELECT json_agg(json_build_object('id', u.id, 'username', u.username,
              'displayName', u.display_name, 'profilePictureUrl', u.profile_picture_url,
              'isFounder', u.founder_id IS NOT NULL) ORDER BY a.pos)
              FROM unnest(f.actor_ids) WITH ORDINALITY AS a(actor_id, pos)
              JOIN users u ON u.id = a.actor_id
             WHERE u.status <> 'Deleted' AND ${notBlockedBetween('f.user_id', 'u.id')}),
           '[]') AS actors,
  ${EXCERPT} AS excerpt`;

/** Notifications and the folded lines they make (migration 014). */
export class NotificationLinesRepository {
  /** Notifications written at the same moment go in one statement (one per recipient a batch). */
  readonly #batch = new WriteBatcher<Sourced, Written | null>(
    (items) => this.writeMany(items, this.now()),
    { key: (item) => item.n.userId, max: 100 },
  );

  constructor(
    private readonly db: Queryable,
    /** When a batch is written: the injected clock's instant. */
    private readonly now: () => Date,
  ) {}

  /** One notification, written with those submitted at the same moment (`writeMany`). */
  write(n: NewNotification, source: string | null): Promise<Written | null> {
    return this.#batch.submit({ n, source });
  }

  /**
   * Writes notifications and grows (or starts) their lines, in one statement for them all; at
   * most one per recipient (two could fold into one line, which one statement may not change
   * twice). Answers, in order, what was written for each, or null: nothing is written when the
   * recipient and the actor blocked each other either way, when the person turned both channels
   * off for this type, or when the fold rule skips a repeat. `in_app` false: written for Web Push
   * only; no line. `push`: the person takes this type by push and has a device that does.
   */
  async writeMany(
    items: Sourced[],
    now: Date,
    db: Queryable = this.db,
  ): Promise<(Written | null)[]> {
    const ns = items.map((item) => item.n);
    const ids = ns.map(() => randomUUID());
    const rules = ns.map((n, i) => foldRule(n, ids[i]!));
    const rows = await db.query<Written & { idx: number }>(
      `WITH input AS (
         SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::uuid[], $5::text[],
                              $6::text[], $7::boolean[], $8::boolean[], $10::text[])
                  WITH ORDINALITY
                  AS i(id, user_id, type, actor_id, data, rule_key, daily, grow, source, idx)
       ), target AS (
         -- Each recipient by its key (ANY): a join would hash the whole users table per batch.
         SELECT i.*,
                CASE WHEN i.daily
                     THEN i.rule_key || ':' || to_char(($9::timestamptz AT TIME ZONE u.timezone), 'YYYY-MM-DD')
                     ELSE i.rule_key END AS fold_key,
                COALESCE((s.types -> i.type ->> 'inApp')::boolean, true) AS in_app,
                COALESCE((s.types -> i.type ->> 'push')::boolean, true)
                  AND EXISTS (SELECT 1 FROM push_subscriptions ps
                               WHERE ps.user_id = u.id AND ps.user_id = ANY($2::uuid[])) AS push,
                COALESCE((s.types -> i.type ->> 'push')::boolean, true) AS push_on
           FROM input i
           JOIN users u ON u.id = i.user_id AND u.id = ANY($2::uuid[])
           LEFT JOIN notification_settings s ON s.user_id = u.id AND s.user_id = ANY($2::uuid[])
          WHERE u.status <> 'Deleted'
            AND NOT EXISTS (SELECT 1 FROM blocks b
                             WHERE b.blocker_id = ANY($2::uuid[]) AND b.blocked_id = ANY($4::uuid[])
                               AND b.blocker_id = u.id AND b.blocked_id = i.actor_id)
            AND NOT EXISTS (SELECT 1 FROM blocks b
                             WHERE b.blocked_id = ANY($2::uuid[]) AND b.blocker_id = ANY($4::uuid[])
                               AND b.blocked_id = u.id AND b.blocker_id = i.actor_id)
       ), before AS (
         -- Written already by an earlier delivery of the same event.
         SELECT t.idx, o.id, o.in_app, t.push FROM target t
           JOIN notifications o ON o.source = t.source AND o.user_id = t.user_id
          WHERE t.source IS NOT NULL
       ), fresh AS (
         SELECT t.*, NOT EXISTS (SELECT 1 FROM notifications o
                                  WHERE o.user_id = t.user_id AND o.fold_key = t.fold_key
                                    AND o.actor_id IS NOT DISTINCT FROM t.actor_id) AS new_actor
           FROM target t WHERE (t.in_app OR t.push_on)
            AND t.idx NOT IN (SELECT idx FROM before)
       ), n AS (
         INSERT INTO notifications
                (id, user_id, type, actor_id, data, fold_key, in_app, created_at, source)
         SELECT id, user_id, type, actor_id, data::jsonb, fold_key, in_app, $9::timestamptz, source
           FROM fresh WHERE new_actor OR grow
         RETURNING id, user_id, fold_key, in_app, created_at
       ), line AS (
         INSERT INTO notification_folds AS f
                (user_id, fold_key, type, head_id, at, actor_ids, actor_count, count)
         SELECT n.user_id, n.fold_key, fresh.type, n.id, n.created_at,
                CASE WHEN fresh.actor_id IS NULL THEN '{}'::uuid[] ELSE ARRAY[fresh.actor_id] END,
                CASE WHEN fresh.actor_id IS NOT NULL AND fresh.new_actor THEN 1 ELSE 0 END, 1
           FROM n JOIN fresh ON fresh.id = n.id WHERE n.in_app
         ON CONFLICT (user_id, fold_key) DO UPDATE SET
           head_id = CASE WHEN EXCLUDED.at >= f.at THEN EXCLUDED.head_id ELSE f.head_id END,
           at = GREATEST(EXCLUDED.at, f.at),
           actor_ids = (EXCLUDED.actor_ids || array_remove(f.actor_ids, EXCLUDED.actor_ids[1]))[1:3],
           actor_count = f.actor_count + EXCLUDED.actor_count,
           count = f.count + 1,
           read_at = NULL
         RETURNING f.head_id
       )
       SELECT fresh.idx::int AS idx, n.id, n.in_app, fresh.push FROM n JOIN fresh ON fresh.id = n.id
       UNION ALL SELECT idx::int, id, in_app, push FROM before`,
      [
        ids,
        ns.map((n) => n.userId),
        ns.map((n) => n.type),
        ns.map((n) => n.actorId),
        ns.map((n) => JSON.stringify(n.data)),
        rules.map((r) => r.key),
        rules.map((r) => r.daily),
        rules.map((r) => r.sameActor === 'grow'),
        now,
        items.map((item) => item.source),
      ],
    );
    const written: (Written | null)[] = ns.map(() => null);
    for (const { idx, ...row } of rows) written[idx - 1] = row;
    return written;
  }

  /**
   * A page of the person's lines, newest first (`limit + 1` rows: see platform/pagination). Two
   * statements, with and without a cursor: an `$2 IS NULL OR …` in one generic plan would filter
   * from the newest line down instead of starting the index range at the cursor, which a deep
   * page pays for (docs/decisions/0001-embedded-postgres-by-default.md, "Plans and upkeep").
   */
  async page(userId: string, cursor: Cursor | null, limit: number): Promise<LineRow[]> {
    const from = `FROM notification_folds f JOIN notifications n ON n.id = f.head_id
                  WHERE f.user_id = $1`;
    const order = 'ORDER BY f.at DESC, f.head_id DESC';
    if (!cursor) {
      return this.db.query<LineRow>(`SELECT ${LINE} ${from} ${order} LIMIT $2`, [
        userId,
        limit + 1,
      ]);
    }
    return this.db.query<LineRow>(
      `SELECT ${LINE} ${from} AND (f.at, f.head_id) < ($2::timestamptz, $3::uuid) ${order} LIMIT $4`,
      [userId, cursor.at, cursor.id, limit + 1],
    );
  }

  /**
   * The line a notification belongs to now (its fold may have grown since). A row written for
   * Web Push only has no fold: it is its own line, already read.
   */
  async line(userId: string, notificationId: string): Promise<LineRow | null> {
    const rows = await this.db.query<LineRow>(
      `SELECT ${LINE}
         FROM notifications n0
         JOIN LATERAL (
           SELECT f.user_id, f.head_id, f.at, f.actor_ids, f.actor_count, f.count, f.read_at
             FROM notification_folds f
            WHERE f.user_id = n0.user_id AND f.fold_key = n0.fold_key AND n0.in_app
           UNION ALL
           SELECT n0.user_id, n0.id, n0.created_at,
                  CASE WHEN n0.actor_id IS NULL THEN '{}'::uuid[] ELSE ARRAY[n0.actor_id] END,
                  CASE WHEN n0.actor_id IS NULL THEN 0 ELSE 1 END, 1, n0.created_at
            WHERE NOT n0.in_app
         ) f ON true
         JOIN notifications n ON n.id = f.head_id
        WHERE n0.id = $2 AND n0.user_id = $1`,
      [userId, notificationId],
    );
    return rows[0] ?? null;
  }

  /**
   * Marks lines read: those the given notifications belong to (each as far as the newest one the
   * reader was shown: a fold that grew since stays unread), or every line. Returns how many.
   */
  async markRead(userId: string, ids: string[] | null, now: Date): Promise<number> {
    const rows = await this.db.query<{ n: number }>(
      `WITH marked AS (
         UPDATE notification_folds f SET read_at = $3
          WHERE f.user_id = $1 AND f.read_at IS NULL
            AND ($2::uuid[] IS NULL OR EXISTS (
                  SELECT 1 FROM notifications s
                   WHERE s.id = ANY($2::uuid[]) AND s.user_id = $1
                     AND s.fold_key = f.fold_key AND s.created_at >= f.at))
         RETURNING 1)
       SELECT count(*)::int AS n FROM marked`,
      [userId, ids, now],
    );
    return rows[0]?.n ?? 0;
  }

  /**
   * After the users row went (and with it every notification the person caused): the lines of
   * others' lists that named them are rebuilt from what is left, or removed when nothing is.
   */
  async refold(tx: Queryable, userId: string): Promise<void> {
    const left = `FROM notifications n
                  WHERE n.user_id = f.user_id AND n.fold_key = f.fold_key AND n.in_app`;
    await tx.query(
      `DELETE FROM notification_folds f
        WHERE $1::uuid = ANY(f.actor_ids) AND NOT EXISTS (SELECT 1 ${left})`,
      [userId],
    );
    await tx.query(
      `UPDATE notification_folds f SET
         head_id = (SELECT n.id ${left} ORDER BY n.created_at DESC, n.id DESC LIMIT 1),
         at = (SELECT max(n.created_at) ${left}),
         count = (SELECT count(*) ${left}),
         actor_count = (SELECT count(DISTINCT n.actor_id) ${left}),
         actor_ids = ARRAY(SELECT a.actor_id FROM (
           SELECT n.actor_id, max(n.created_at) AS last ${left} AND n.actor_id IS NOT NULL
            GROUP BY n.actor_id ORDER BY last DESC LIMIT 3) a ORDER BY a.last DESC)
       WHERE $1::uuid = ANY(f.actor_ids)`,
      [userId],
    );
  }
}
