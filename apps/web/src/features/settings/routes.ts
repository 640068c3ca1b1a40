import type { RouteObject } from 'react-router';

/** Signed-in screens of this feature, composed by app/router.tsx into the shell. */
export const settingsRoutes: RouteObject[] = [
  { path: 'settings', lazy: async () => ({ Component: (await import('./lazy')).SettingsPage }) },
  {
    path: 'settings/privacy',
    lazy: async () => ({ Component: (await import('./lazy')).PrivacyPage }),
  },
];
