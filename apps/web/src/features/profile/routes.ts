import type { RouteObject } from 'react-router';

/** Signed-in screen of this feature, composed by app/router.tsx into the shell. */
export const profileRoutes: RouteObject[] = [
  { path: 'profile', lazy: async () => ({ Component: (await import('./lazy')).ProfilePage }) },
];
