import type { LeaderboardBoard, PersonSummary } from '@doers/contract';
import { onCommit, type Queryable } from '../../../db/database.js';
import { notBlockedBetween } from '../../people/index.js';
import type { KeptRankings, Ranking } from './kept-rankings.js';

/** Who is on a board: everyone, me and the people I vibe with, or one quest's people. */
export type BoardScope =
  { kind: 'everyone' } | { kind: 'vibing' } | { kind: 'quest'; questId: string };

export type BoardRow = {
  rank: number;
  user_id: string;
  score: number;
  mine: boolean;
  person: PersonSummary;
  is_goat: boolean;
};

export type BoardRequest = {
  board: LeaderboardBoard;
  scope: BoardScope;
  viewerId: string;
  /** The rank the page starts after. */
  after: number;
  limit: number;
  now: Date;
  /** The Mondays that are this week somewhere (streaks/week.ts `currentMondays`). */
  mondays: string[];
};

/** Adds a parameter to a statement being built and answers its placeholder. */
type Param = (value: unknown, type: string) => string;

function params(): { param: Param; values: unknown[] } {
  const values: unknown[] = [];
  return {
    values,
    param: (value, type) => {
      values.push(value);
      return `$${values.length}::${type}`;
    },
  };
}

/** The Monday of `now` in a row's zone and day start: the week that row counts in. */
const mondayIn = (now: string, zone: string, startHour: string) =>
  `to_char(date_trunc('week', (${now} AT TIME ZONE ${zone})
             - make_interval(hours => ${startHour})), 'YYYY-MM-DD')`;

/** Each board as (user_id, score) rows of the people on it, before ranking. */
function candidates(r: Omit<BoardRequest, 'after' | 'limit'>, param: Param): string {
  const { board, scope } = r;
  if (scope.kind === 'quest') {
    // A quest's own figures: its check-ins this week, its longest streak.
    const now = board === 'week' ? param(r.now, 'timestamptz') : '';
    const score =
      board === 'all-time'
        ? 'p.longest_streak'
        : `(SELECT count(*)::int FROM check_ins c
             WHERE c.quest_id = p.quest_id AND c.user_id = p.user_id
               AND c.anchor_at > ${now} - interval '9 days'
               AND c.day >= ${mondayIn(now, 'p.last_zone', 'p.last_day_start_hour')})`;
    return `SELECT p.user_id, ${score} AS score FROM quest_participants p
             WHERE p.quest_id = ${param(scope.questId, 'uuid')} AND p.status = 'active'
               AND p.last_day IS NOT NULL`;
  }
  const where =
    board === 'all-time'
      ? 's.longest_streak > 0'
      : `s.week_start = ANY(${param(r.mondays, 'text[]')}) AND s.week_check_ins > 0
         AND s.week_start = ${mondayIn(param(r.now, 'timestamptz'), 's.last_zone', 's.last_day_start_hour')}`;
  // Me and the people I vibe with, found through vibing_with's primary key.
  const vibing =
    scope.kind === 'vibing'
      ? `AND s.user_id = ANY(ARRAY(SELECT v.target_id FROM vibing_with v
                WHERE v.user_id = ${param(r.viewerId, 'uuid')}) || ${param(r.viewerId, 'uuid')})`
      : '';
  const score = board === 'all-time' ? 's.longest_streak' : 's.week_check_ins';
  return `SELECT s.user_id, ${score} AS score FROM user_stats s WHERE ${where} ${vibing}`;
}

/** The boards, read from the figures every check-in keeps (migration 018). */
export class LeaderboardRepository {
  constructor(
    private readonly db: Queryable,
    /** The everyone boards, ranked and kept in memory (kept-rankings.ts). */
    private readonly rankings: KeptRankings,
  ) {}

  /** An everyone board ranked: the kept ranking, or a new one when it is too old. */
  everyoneRanking(r: Omit<BoardRequest, 'after' | 'limit'>): Promise<Ranking> {
    return this.rankings.get(r.board, () => this.ranking(r));
  }

  /**
   * One page of a board and my own row, in one statement. Ranks are over everyone on the board
   * who shows on it (hidden people are not ranked); people blocked either way with me keep their
   * place but are not shown to me.
   */
  async page(r: BoardRequest): Promise<BoardRow[]> {
    const { param, values } = params();
    const board = candidates(r, param);
    const viewer = param(r.viewerId, 'uuid');
    return this.db.query<BoardRow>(
      `WITH ranked AS MATERIALIZED (
         SELECT b.user_id, b.score,
                row_number() OVER (ORDER BY b.score DESC, u.created_at, u.id)::int AS rank
           FROM (${board}) b JOIN users u ON u.id = b.user_id
          WHERE b.score > 0 AND u.status = 'Active' AND NOT u.hide_from_leaderboard
       ), shown AS (
         SELECT rank, user_id, score, false AS mine FROM ranked
          WHERE rank > ${param(r.after, 'int')} AND ${notBlockedBetween(viewer, 'ranked.user_id')}
          ORDER BY rank LIMIT ${param(r.limit, 'int')}
       )
       SELECT x.rank, x.user_id, x.score, x.mine, u.is_goat,
              json_build_object('id', u.id, 'username', u.username,
                'displayName', u.display_name, 'profilePictureUrl', u.profile_picture_url,
                'isFounder', u.founder_id IS NOT NULL) AS person
         FROM (SELECT * FROM shown
               UNION ALL SELECT rank, user_id, score, true FROM ranked WHERE user_id = ${viewer}) x
         JOIN users u ON u.id = x.user_id
        ORDER BY x.mine, x.rank`,
      values,
    );
  }

  /** A whole board ranked, without people (kept in memory by the service for `everyone`). */
  async ranking(
    r: Omit<BoardRequest, 'after' | 'limit'>,
  ): Promise<{ user_id: string; score: number }[]> {
    const { param, values } = params();
    const board = candidates(r, param);
    return this.db.query(
      `SELECT b.user_id, b.score
         FROM (${board}) b JOIN users u ON u.id = b.user_id
        WHERE b.score > 0 AND u.status = 'Active' AND NOT u.hide_from_leaderboard
        ORDER BY b.score DESC, u.created_at, u.id`,
      values,
    );
  }

  /** These people as a board shows them, leaving out anyone blocked either way with me. */
  async people(
    ids: string[],
    viewerId: string,
  ): Promise<{ id: string; person: PersonSummary; is_goat: boolean }[]> {
    return this.db.query(
      `SELECT u.id, u.is_goat,
              json_build_object('id', u.id, 'username', u.username,
                'displayName', u.display_name, 'profilePictureUrl', u.profile_picture_url,
                'isFounder', u.founder_id IS NOT NULL) AS person
         FROM users u
        WHERE u.id = ANY($1::uuid[]) AND ${notBlockedBetween('$2::uuid', 'u.id')}`,
      [ids, viewerId],
    );
  }

  /** My score on a board where I am not ranked (hidden, or nothing yet). */
  async myScore(r: Omit<BoardRequest, 'after' | 'limit'>): Promise<number> {
    const { param, values } = params();
    const board = candidates(r, param);
    const rows = await this.db.query<{ score: number }>(
      `SELECT b.score FROM (${board}) b WHERE b.user_id = ${param(r.viewerId, 'uuid')}`,
      values,
    );
    return rows[0]?.score ?? 0;
  }

  /** True when I am on the quest: a quest's board is for its people. */
  async isParticipant(questId: string, userId: string): Promise<boolean> {
    const rows = await this.db.query(
      `SELECT 1 FROM quest_participants WHERE quest_id = $1 AND user_id = $2 AND status = 'active'`,
      [questId, userId],
    );
    return rows.length > 0;
  }

  /** The shared quests I am in (open to join, or with someone besides me), newest first. */
  async sharedQuests(
    userId: string,
  ): Promise<{ id: string; title: string; emoji: string; participants: number }[]> {
    return this.db.query(
      `SELECT q.id, q.title, q.emoji, n.participants
         FROM quest_participants p JOIN quests q ON q.id = p.quest_id
         CROSS JOIN LATERAL (SELECT count(*)::int AS participants FROM quest_participants x
                              WHERE x.quest_id = q.id AND x.status = 'active') n
        WHERE p.user_id = $1 AND p.status = 'active' AND q.status <> 'abandoned'
          AND (q.allow_others_to_join OR n.participants > 1)
        ORDER BY q.created_at DESC`,
      [userId],
    );
  }

  async hidden(userId: string): Promise<boolean> {
    const rows = await this.db.query<{ hide_from_leaderboard: boolean }>(
      'SELECT hide_from_leaderboard FROM users WHERE id = $1',
      [userId],
    );
    return rows[0]?.hide_from_leaderboard ?? false;
  }

  async setHidden(tx: Queryable, userId: string, hidden: boolean): Promise<void> {
    await tx.query('UPDATE users SET hide_from_leaderboard = $2 WHERE id = $1', [userId, hidden]);
    onCommit(tx, () => this.rankings.forget());
  }
}
