import type { RouteObject } from 'react-router';

/** Signed-in screen of this feature, composed by app/router.tsx into the shell. */
export const settingsRoutes: RouteObject[] = [
  { path: 'settings', lazy: async () => ({ Component: (await import('./lazy')).SettingsPage }) },
];
