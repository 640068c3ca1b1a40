import type { LeaderboardBoard } from '@doers/contract';

/** A board among everyone, ranked: places 1..n in order, and each person's place. */
export type Ranking = {
  rows: { userId: string; score: number }[];
  placeOf: Map<string, number>;
};

/** However quiet the board, it is ranked afresh this often. */
const MAX_AGE_MS = 30_000;
/** A board that changed is ranked afresh, but not more often than this. */
const MIN_AGE_MS = 2_000;

type Kept = { ranking: Ranking; at: number; changed: boolean };

/**
 * The everyone boards, ranked and kept in memory: ranking everyone costs the database far more
 * than reading a page (docs/decisions/0005-days-and-streaks.md), and every reader of a board
 * shares the same ranking. A check-in or someone hiding marks the boards changed; a changed board
 * is ranked again once it is 2 s old, any board once it is 30 s old (so a check-in made through
 * another instance shows within 30 s).
 */
export class KeptRankings {
  readonly #kept = new Map<LeaderboardBoard, Kept>();
  readonly #building = new Map<LeaderboardBoard, Promise<Ranking>>();

  constructor(private readonly now: () => number) {}

  /** The board's ranking, ranked with `rank` when the kept one is too old. */
  async get(
    board: LeaderboardBoard,
    rank: () => Promise<{ user_id: string; score: number }[]>,
  ): Promise<Ranking> {
    const kept = this.#kept.get(board);
    const age = kept ? this.now() - kept.at : Infinity;
    if (kept && age < MAX_AGE_MS && (!kept.changed || age < MIN_AGE_MS)) return kept.ranking;
    // Readers arriving while it is being ranked share that one ranking.
    const building =
      this.#building.get(board) ??
      (async () => {
        const startedAt = this.now();
        try {
          const rows = (await rank()).map((r) => ({ userId: r.user_id, score: r.score }));
          const ranking = { rows, placeOf: new Map(rows.map((r, i) => [r.userId, i + 1])) };
          this.#kept.set(board, { ranking, at: startedAt, changed: false });
          return ranking;
        } finally {
          this.#building.delete(board);
        }
      })();
    this.#building.set(board, building);
    return building;
  }

  /** Something a board shows changed: rank again on the next read (after 2 s). */
  changed(): void {
    for (const kept of this.#kept.values()) kept.changed = true;
  }

  /** Someone hid or came back: their own next read must already show it. */
  forget(): void {
    this.#kept.clear();
  }
}
