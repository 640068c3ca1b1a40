import type { RouteObject } from 'react-router';

/** Signed-in screens of this feature, composed by app/router.tsx into the shell. */
export const profileRoutes: RouteObject[] = [
  { path: 'profile', lazy: async () => ({ Component: (await import('./lazy')).ProfilePage }) },
  { path: 'users/:userId', lazy: async () => ({ Component: (await import('./lazy')).UserPage }) },
];
