import type { RouteObject } from 'react-router';

/** Signed-in screens of this feature, composed by app/router.tsx into the shell. */
export const leaderboardRoutes: RouteObject[] = [
  {
    path: 'leaderboard',
    lazy: async () => ({
      Component: (await import('./routes/leaderboard-page')).LeaderboardPage,
    }),
  },
];
