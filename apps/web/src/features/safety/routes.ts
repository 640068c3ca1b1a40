import type { RouteObject } from 'react-router';

/** Signed-in screens of this feature, composed by app/router.tsx into the shell. */
export const safetyRoutes: RouteObject[] = [
  {
    path: 'moderation',
    lazy: async () => ({ Component: (await import('./routes/moderation-page')).ModerationPage }),
  },
  {
    path: 'settings/your-data',
    lazy: async () => ({ Component: (await import('./routes/your-data-page')).YourDataPage }),
  },
  {
    path: 'settings/reports',
    lazy: async () => ({ Component: (await import('./routes/my-reports-page')).MyReportsPage }),
  },
];

/** The one screen of a suspended person's restricted session (docs/product/safety.md). */
export const SUSPENDED_PATH = '/suspended';

/** Composed by app/router.tsx outside the shell: no navigation leads anywhere from it. */
export const suspendedRoutes: RouteObject[] = [
  {
    path: SUSPENDED_PATH.slice(1),
    lazy: async () => ({ Component: (await import('./routes/suspended-page')).SuspendedPage }),
  },
];
