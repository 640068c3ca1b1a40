import type { RouteObject } from 'react-router';

/** Signed-in screens of this feature, composed by app/router.tsx into the shell. */
export const tutorialRoutes: RouteObject[] = [
  {
    path: 'settings/help',
    lazy: async () => ({ Component: (await import('./lazy')).HelpPage }),
  },
];
