import type { RouteObject } from 'react-router';

/** Signed-in screens of this feature, composed by app/router.tsx into the shell. */
export const notificationsRoutes: RouteObject[] = [
  {
    path: 'notifications',
    lazy: async () => ({
      Component: (await import('./routes/notifications-page')).NotificationsPage,
    }),
  },
  {
    path: 'settings/notifications',
    lazy: async () => ({
      Component: (await import('./routes/notification-settings-page')).NotificationSettingsPage,
    }),
  },
];
