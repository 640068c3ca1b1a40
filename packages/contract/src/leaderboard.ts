import { z } from 'zod';
import { endpoint } from './http.js';
import { personSummary } from './users.js';

/**
 * The leaderboard (docs/product/leaderboard.md): this week's check-ins (each person's own week,
 * Monday to Sunday) and the longest streaks of all time, among everyone, the people I vibe with,
 * or one shared quest I am in. People who hide from it and people blocked either way never show.
 */
export const LEADERBOARD_BOARDS = ['week', 'all-time'] as const;
export type LeaderboardBoard = (typeof LEADERBOARD_BOARDS)[number];

/** `everyone`, `vibing` (me and the people I vibe with) or a quest's id. */
export const leaderboardScope = z.union([z.enum(['everyone', 'vibing']), z.uuid()], {
  error: 'scope must be everyone, vibing or the id of a quest you are in',
});
export type LeaderboardScope = z.infer<typeof leaderboardScope>;

export const LEADERBOARD_PAGE_SIZE = 20;

export const leaderboardQuery = z.object({
  board: z
    .enum(LEADERBOARD_BOARDS, { error: `board must be ${LEADERBOARD_BOARDS.join(' or ')}` })
    .default('week'),
  scope: leaderboardScope.default('everyone'),
  /** Where the page starts: the rank before it. */
  cursor: z
    .string()
    .regex(/^\d{1,7}$/, 'Not a valid cursor')
    .optional(),
  limit: z.coerce.number().int().min(1).max(50).default(LEADERBOARD_PAGE_SIZE),
});
export type LeaderboardQuery = z.input<typeof leaderboardQuery>;

/** One place on a board: ranks are unique (ties are broken by who joined Doers first). */
export const leaderboardEntry = z.object({
  rank: z.number().int().min(1),
  user: personSummary,
  /** Check-ins this week, or the longest streak in days. */
  score: z.number().int(),
  isGOAT: z.boolean(),
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntry>;

export const leaderboardPage = z.object({
  items: z.array(leaderboardEntry),
  nextCursor: z.string().nullable(),
  /**
   * My own place, shown even when it is not on this page: null rank when I have no score on
   * this board yet, or when I hide from the leaderboard (`hidden`).
   */
  me: z.object({
    rank: z.number().int().nullable(),
    score: z.number().int(),
    hidden: z.boolean(),
  }),
});
export type LeaderboardPage = z.infer<typeof leaderboardPage>;

/** The shared quests I am in: each is a scope of its own. */
export const leaderboardScopes = z.object({
  quests: z.array(
    z.object({ id: z.string(), title: z.string(), emoji: z.string(), participants: z.number() }),
  ),
});
export type LeaderboardScopes = z.infer<typeof leaderboardScopes>;

export const leaderboardSettings = z.object({
  hidden: z.boolean({ error: 'hidden must be true or false' }),
});
export type LeaderboardSettings = z.infer<typeof leaderboardSettings>;

export const leaderboardApi = {
  board: endpoint({
    method: 'GET',
    path: '/leaderboard',
    access: 'signed-in',
    query: leaderboardQuery,
    response: leaderboardPage,
  }),
  scopes: endpoint({
    method: 'GET',
    path: '/leaderboard/scopes',
    access: 'signed-in',
    response: leaderboardScopes,
  }),
  settings: endpoint({
    method: 'GET',
    path: '/leaderboard/settings',
    access: 'signed-in',
    response: leaderboardSettings,
  }),
  /** Hide from (or come back to) every board; the GOAT is crowned again at once. */
  saveSettings: endpoint({
    method: 'PUT',
    path: '/leaderboard/settings',
    access: 'signed-in',
    body: leaderboardSettings,
    response: leaderboardSettings,
    idempotent: true,
  }),
};
