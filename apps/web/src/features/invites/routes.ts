import type { RouteObject } from 'react-router';

/** Signed-in screens of this feature, composed by app/router.tsx into the shell. */
export const invitesRoutes: RouteObject[] = [
  {
    path: 'qr-code',
    lazy: async () => ({ Component: (await import('./routes/qr-code-page')).QrCodePage }),
  },
];
