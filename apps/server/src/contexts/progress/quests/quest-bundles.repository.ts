import type { PersonSummary, QuestStatus } from '@doers/contract';
import type { Queryable } from '../../../db/database.js';
import type { Cursor } from '../../../platform/pagination.js';
import {
  checkInFromJson,
  checkInsOfSql,
  type CheckInRow,
  type JsonCheckIn,
} from '../streaks/streaks.repository.js';
import type { StreakStarts } from '../streaks/streaks.service.js';
import { checkpointFromJson, type JsonCheckpoint } from '../streaks/streak-checkpoint.js';
import { questVisibleTo } from './quest-visibility.js';
import type { ParticipantRow, QuestRow, TaskRow } from './quest-rows.js';

// The read side of quests as their views show them: one quest, many, or a person's list, each
// with its owner, tasks and the viewer's place in one statement. Kept apart from the writes in
// quests.repository.ts, which stays the one writer of the quest tables.

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

type BundleRow = QuestRow & {
  visible: boolean;
  owner: PersonSummary;
  tasks: TaskRow[];
  participant_count: number;
  participant: (Omit<ParticipantRow, 'joined_at' | 'last_at'> & JsonDates) | null;
  request_status: QuestBundle['requestStatus'];
  recent: JsonCheckIn[];
  rest_days: string[];
};
type JsonDates = { joined_at: string; last_at: string | null };

/** What counts against the quest limit: active quests the users row `u` is active on. */
export const ACTIVE_QUESTS_OF_U = `(SELECT count(*)::int FROM quest_participants p
  JOIN quests q ON q.id = p.quest_id
  WHERE p.user_id = u.id AND p.status = 'active' AND q.status = 'active')`;

/**
 * The viewer (`$2`, NULL for a visitor), from which day their check-ins are read (`$3`) and their
 * rest days, for BUNDLE_COLUMNS.
 */
const VIEWER_CTE = `viewer AS (
  SELECT $2::uuid AS id, $3::text AS recent_from,
         ARRAY(SELECT r.day FROM rest_days r WHERE r.user_id = $2::uuid) AS rest_days)`;

/**
 * What a QuestBundle holds beyond the quest row `q`: its owner, and the `viewer`'s place on it.
 * One place for the single quest, the many and the list (with RECENT_CHECK_INS; a check-in's
 * read takes those from the person's check-ins it reads anyway). The owner is a subquery, not a
 * join: from `q.id = ANY($1)`, the generic plan of a join hashed the whole users table for every
 * read.
 */
const QUEST_COLUMNS = `${questVisibleTo('q', 'viewer.id')} AS visible,
  (SELECT json_build_object('id', o.id, 'username', o.username, 'displayName', o.display_name,
     'profilePictureUrl', o.profile_picture_url, 'isFounder', o.founder_id IS NOT NULL)
     FROM users o WHERE o.id = q.owner_id) AS owner,
  COALESCE((SELECT json_agg(json_build_object('id', t.id, 'title', t.title,
             'position', t.position) ORDER BY t.position)
              FROM quest_tasks t WHERE t.quest_id = q.id), '[]') AS tasks,
  (SELECT count(*)::int FROM quest_participants p
    WHERE p.quest_id = q.id AND p.status = 'active') AS participant_count,
  (SELECT row_to_json(p) FROM quest_participants p
    WHERE p.quest_id = q.id AND p.user_id = viewer.id) AS participant,
  (SELECT r.status FROM quest_requests r WHERE r.quest_id = q.id AND r.user_id = viewer.id
    ORDER BY r.created_at DESC LIMIT 1) AS request_status,
  viewer.rest_days`;

/** The `viewer`'s check-ins on `q` since `viewer.recent_from`. */
const RECENT_CHECK_INS = `COALESCE((SELECT json_agg(c ORDER BY c.anchor_at) FROM (
    SELECT id, quest_id, day, zone, day_start_hour, anchor_at, late, task_ids, created_at
      FROM check_ins WHERE quest_id = q.id AND user_id = viewer.id
       AND day >= viewer.recent_from) c),
    '[]') AS recent`;

const BUNDLE_COLUMNS = `${QUEST_COLUMNS}, ${RECENT_CHECK_INS}`;

/** Quest responses' data for these quests as `viewerId` sees them (see QuestBundle). */
export async function selectBundles(
  db: Queryable,
  ids: string[],
  viewerId: string | null,
  recentFrom: string,
): Promise<Map<string, QuestBundle>> {
  if (ids.length === 0) return new Map();
  const rows = await db.query<BundleRow>(
    `WITH ${VIEWER_CTE}
     SELECT q.*, ${BUNDLE_COLUMNS}
     FROM quests q CROSS JOIN viewer
     WHERE q.id = ANY($1::uuid[])`,
    [ids, viewerId, recentFrom],
  );
  return new Map(rows.map((r) => [r.id, toBundle(r)]));
}

/** A check-in's read: one quest as one person sees it (see selectBundlesWithInputs). */
export type BundleAsk = { questId: string; userId: string; recentFrom: string };

/**
 * Quests, each as one person sees it, with what that person's streak figures are computed from
 * read in the same statement: their checkpoints and the check-ins after them (checkInsOfSql),
 * what check-ins read before they write, many people's at once (their batch: quests.repository.ts).
 * Answers in the order asked; undefined where the quest does not exist.
 */
export async function selectBundlesWithInputs(
  db: Queryable,
  asks: BundleAsk[],
): Promise<
  (
    { bundle: QuestBundle; version: number; from: StreakStarts; checkIns: CheckInRow[] } | undefined
  )[]
> {
  const rows = await db.query<
    Omit<BundleRow, 'recent'> & {
      asked: number;
      recent_from: string;
      streak_version: number;
      user_checkpoint: JsonCheckpoint | null;
      check_ins: JsonCheckIn[];
    }
  >(
    `WITH viewer AS (
       SELECT a.asked, a.quest_id, a.user_id AS id, a.recent_from,
              ARRAY(SELECT r.day FROM rest_days r WHERE r.user_id = a.user_id) AS rest_days,
              s.streak_version, s.streak_checkpoint AS user_checkpoint,
              -- The person's check-ins since their checkpoint, and this quest's since its own:
              -- all of them where none is kept, none of the quest's off it.
              COALESCE((s.streak_checkpoint->>'before')::timestamptz, '-infinity') AS user_from,
              CASE WHEN p.user_id IS NULL THEN 'infinity'::timestamptz
                   ELSE COALESCE((p.streak_checkpoint->>'before')::timestamptz, '-infinity')
              END AS quest_from
         FROM unnest($1::uuid[], $2::uuid[], $3::text[]) WITH ORDINALITY
              AS a(quest_id, user_id, recent_from, asked)
         LEFT JOIN user_stats s ON s.user_id = a.user_id
         LEFT JOIN quest_participants p ON p.quest_id = a.quest_id AND p.user_id = a.user_id)
     SELECT viewer.asked::int, viewer.recent_from, q.*, ${QUEST_COLUMNS},
       COALESCE(viewer.streak_version, 0) AS streak_version, viewer.user_checkpoint,
       ${checkInsOfSql(
         'viewer.id',
         `(anchor_at >= viewer.user_from
           OR (quest_id = viewer.quest_id AND anchor_at >= viewer.quest_from))`,
       )} AS check_ins
     FROM viewer JOIN quests q ON q.id = viewer.quest_id
     WHERE q.id = ANY($1::uuid[])`,
    [asks.map((a) => a.questId), asks.map((a) => a.userId), asks.map((a) => a.recentFrom)],
  );
  const found = new Map(
    rows.map(({ asked, recent_from, streak_version, user_checkpoint, check_ins, ...row }) => {
      const checkIns = check_ins.map(checkInFromJson);
      // The check-ins read reach further back than `recent_from` (CHECKPOINT_LAG_DAYS).
      const recent = checkIns.filter((c) => c.quest_id === row.id && c.day >= recent_from);
      const bundle = { ...toBundle({ ...row, recent: [] }), recent };
      const quest = checkpointFromJson(bundle.participant?.streak_checkpoint);
      return [
        asked,
        {
          bundle,
          version: streak_version,
          from: {
            user: checkpointFromJson(user_checkpoint),
            quests: new Map([[bundle.quest.id, quest]]),
          },
          checkIns,
        },
      ];
    }),
  );
  return asks.map((_, i) => found.get(i + 1));
}

/**
 * A page of a person's quests in one state, newest joined first, with everything their Quest
 * views need and their standing against the quest limit, in one statement. `limit` is null
 * when the person does not exist; `bundles` holds up to `limit + 1` quests (the extra one says
 * there is a next page).
 */
export async function selectListBundles(
  db: Queryable,
  userId: string,
  status: QuestStatus,
  cursor: Cursor | null,
  limit: number,
  recentFrom: string,
): Promise<{
  limit: { used: number; max: number } | null;
  bundles: (QuestBundle & { joinedAt: Date })[];
}> {
  const rows = await db.query<
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
       LEFT JOIN quests q ON q.id = page.page_id
      ORDER BY page.page_joined_at DESC, page.page_id DESC`,
    [status, userId, recentFrom, cursor?.at ?? null, cursor?.id ?? null, limit + 1],
  );
  const first = rows[0];
  if (!first) return { limit: null, bundles: [] };
  return {
    limit: { used: first.limit_used, max: first.limit_max },
    bundles: rows.flatMap(({ limit_max: _max, limit_used: _used, page_joined_at, ...row }) =>
      row.id && page_joined_at ? [{ ...toBundle(row as BundleRow), joinedAt: page_joined_at }] : [],
    ),
  };
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
    recent: recent.map(checkInFromJson),
    restDays: rest_days,
  };
}
