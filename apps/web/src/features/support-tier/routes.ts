import type { RouteObject } from 'react-router';

/** Signed-in screens of this feature, composed by app/router.tsx into the shell. */
export const supportTierRoutes: RouteObject[] = [
  {
    path: 'settings/support-tier',
    lazy: async () => ({
      Component: (await import('./routes/support-tier-page')).SupportTierPage,
    }),
  },
];
