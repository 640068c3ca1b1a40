import { leaderboardApi } from '@doers/contract';
import type { Route } from '../../../platform/router.js';
import type { LeaderboardService } from './leaderboard.service.js';

export function leaderboardRoutes(route: Route, deps: { leaderboard: LeaderboardService }): void {
  route(leaderboardApi.board, ({ auth, query }) => deps.leaderboard.board(auth.userId, query));
  route(leaderboardApi.scopes, ({ auth }) => deps.leaderboard.scopes(auth.userId));
  route(leaderboardApi.settings, ({ auth }) => deps.leaderboard.settings(auth.userId));
  route(leaderboardApi.saveSettings, ({ auth, body }) =>
    deps.leaderboard.saveSettings(auth.userId, body),
  );
}
