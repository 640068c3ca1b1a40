import type { RouteObject } from 'react-router';

const screens = () => import('./lazy');

/** Signed-in screens of this feature, composed by app/router.tsx into the shell. */
export const activityRoutes: RouteObject[] = [
  { path: 'activity', lazy: async () => ({ Component: (await screens()).ActivityPage }) },
];
