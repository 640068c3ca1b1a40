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
