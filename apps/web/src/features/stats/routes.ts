import type { RouteObject } from 'react-router';

/** Signed-in screens of this feature, composed by app/router.tsx into the shell. */
export const statsRoutes: RouteObject[] = [
  {
    path: 'stats',
    lazy: async () => ({ Component: (await import('./routes/stats-page')).StatsPage }),
  },
];
