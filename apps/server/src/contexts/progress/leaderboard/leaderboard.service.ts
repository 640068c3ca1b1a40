import type {
  LeaderboardPage,
  LeaderboardScopes,
  LeaderboardSettings,
  leaderboardQuery,
} from '@doers/contract';
import type { z } from 'zod';
import type { Database } from '../../../db/database.js';
import type { Clock } from '../../../platform/clock.js';
import { notFound } from '../../../platform/errors.js';
import type { StreaksService } from '../streaks/streaks.service.js';
import { currentMondays } from '../streaks/week.js';
import type { BoardRequest, BoardScope, LeaderboardRepository } from './leaderboard.repository.js';

type BoardQuery = z.output<typeof leaderboardQuery>;

/**
 * The leaderboard (docs/product/leaderboard.md): boards ranked from the figures each check-in
 * keeps, my own place beside every page, and hiding from it.
 */
export class LeaderboardService {
  constructor(
    private readonly deps: {
      db: Database;
      leaderboard: LeaderboardRepository;
      streaks: StreaksService;
      clock: Clock;
    },
  ) {}

  async board(viewerId: string, query: BoardQuery): Promise<LeaderboardPage> {
    const scope = await this.#scope(viewerId, query.scope);
    const now = this.deps.clock.now();
    const request = { board: query.board, scope, viewerId, now, mondays: currentMondays(now) };
    const after = query.cursor ? Number(query.cursor) : 0;
    if (scope.kind === 'everyone') return this.#fromRanking(request, after, query.limit);

    const rows = await this.deps.leaderboard.page({ ...request, after, limit: query.limit + 1 });
    const shown = rows.filter((r) => !r.mine);
    const items = shown.slice(0, query.limit).map((r) => ({
      rank: r.rank,
      user: r.person,
      score: r.score,
      isGOAT: r.is_goat,
    }));
    const mine = rows.find((r) => r.mine);
    return {
      items,
      nextCursor: shown.length > query.limit ? String(items.at(-1)!.rank) : null,
      me: mine
        ? { rank: mine.rank, score: mine.score, hidden: false }
        : await this.#unranked(request),
    };
  }

  /** A page of the kept everyone-ranking: people blocked either way keep their place, unseen. */
  async #fromRanking(
    request: Omit<BoardRequest, 'after' | 'limit'>,
    after: number,
    limit: number,
  ): Promise<LeaderboardPage> {
    const ranking = await this.deps.leaderboard.everyoneRanking(request);
    const slice = ranking.rows.slice(after, after + limit);
    const people = new Map(
      (
        await this.deps.leaderboard.people(
          slice.map((r) => r.userId),
          request.viewerId,
        )
      ).map((p) => [p.id, p]),
    );
    const items = slice.flatMap((row, i) => {
      const p = people.get(row.userId);
      return p
        ? [{ rank: after + i + 1, user: p.person, score: row.score, isGOAT: p.is_goat }]
        : [];
    });
    const place = ranking.placeOf.get(request.viewerId);
    return {
      items,
      nextCursor: ranking.rows.length > after + limit ? String(after + limit) : null,
      me: place
        ? { rank: place, score: ranking.rows[place - 1]!.score, hidden: false }
        : await this.#unranked(request),
    };
  }

  /** Not on the board: hidden, or no score yet. */
  async #unranked(request: Omit<BoardRequest, 'after' | 'limit'>): Promise<LeaderboardPage['me']> {
    const hidden = await this.deps.leaderboard.hidden(request.viewerId);
    return { rank: null, score: await this.deps.leaderboard.myScore(request), hidden };
  }

  async scopes(userId: string): Promise<LeaderboardScopes> {
    return { quests: await this.deps.leaderboard.sharedQuests(userId) };
  }

  async settings(userId: string): Promise<LeaderboardSettings> {
    return { hidden: await this.deps.leaderboard.hidden(userId) };
  }

  /** Hiding or coming back can change who tops the all-time board: the GOAT with it. */
  async saveSettings(userId: string, settings: LeaderboardSettings): Promise<LeaderboardSettings> {
    await this.deps.db.transaction(async (tx) => {
      await this.deps.leaderboard.setHidden(tx, userId, settings.hidden);
      await this.deps.streaks.refreshGoat(tx);
    });
    return { hidden: settings.hidden };
  }

  /** A quest's board is for the people on it; anyone else is told it is not there. */
  async #scope(viewerId: string, scope: BoardQuery['scope']): Promise<BoardScope> {
    if (scope === 'everyone' || scope === 'vibing') return { kind: scope };
    if (!(await this.deps.leaderboard.isParticipant(scope, viewerId)))
      throw notFound('Quest not found');
    return { kind: 'quest', questId: scope };
  }
}
