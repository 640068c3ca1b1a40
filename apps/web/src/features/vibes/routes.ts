import type { RouteObject } from 'react-router';

/** Signed-in screens of this feature, composed by app/router.tsx into the shell. */
export const vibesRoutes: RouteObject[] = [
  {
    path: 'vibes',
    lazy: async () => ({ Component: (await import('./routes/vibes-page')).VibesPage }),
  },
];
