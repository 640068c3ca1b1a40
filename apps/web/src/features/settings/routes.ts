import type { RouteObject } from 'react-router';

const screens = () => import('./lazy');

/** Signed-in screens of this feature, composed by app/router.tsx into the shell. */
export const settingsRoutes: RouteObject[] = [
  { path: 'settings', lazy: async () => ({ Component: (await screens()).SettingsPage }) },
  { path: 'settings/privacy', lazy: async () => ({ Component: (await screens()).PrivacyPage }) },
  {
    path: 'settings/profile',
    lazy: async () => ({ Component: (await screens()).EditProfilePage }),
  },
  {
    path: 'settings/interests',
    lazy: async () => ({ Component: (await screens()).InterestsPage }),
  },
  {
    path: 'settings/accessibility',
    lazy: async () => ({ Component: (await screens()).AccessibilityPage }),
  },
  {
    path: 'settings/blocked-users',
    lazy: async () => ({ Component: (await screens()).BlockedUsersPage }),
  },
];
