import type { LeaderboardBoard, LeaderboardScope } from '@doers/contract';

/** The query keys of /leaderboard: one infinite list per board and scope. */
export const leaderboardKeys = {
  all: ['leaderboard'] as const,
  board: (board: LeaderboardBoard, scope: LeaderboardScope) =>
    ['leaderboard', 'board', board, scope] as const,
  scopes: ['leaderboard', 'scopes'] as const,
  settings: ['leaderboard', 'settings'] as const,
};
